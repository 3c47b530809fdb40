import { HttpResponse } from 'msw';
import { QUEST_MSG, routes, type UpdateQuestRequest } from '@wyn/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { OTHER_ID, questDetail, USER_ID } from '@/testing/fixtures';
import { myWalletHandler } from '@/testing/msw/account-handlers';
import { api, apiError } from '@/testing/msw/api';
import { server } from '@/testing/msw/server';
import { renderScreen } from '@/testing/render';
import type { QuestDetail } from '../types';
import EditQuestPage from './edit-quest-page';

// The quest edit screen (issue #14 item 20): the create wizard filled in from the quest, from its Details step,
// saving only what changed with PATCH club/tasks/{id}/.

const ID = '33333333-3333-4333-8333-333333333333';
const quest = (patch: Partial<QuestDetail> = {}): QuestDetail =>
  questDetail(ID, { creator: USER_ID, creator_name: 'Ana', is_creator: true, ...patch });

let current: QuestDetail;
let patches: UpdateQuestRequest[];
let answer: ((body: UpdateQuestRequest) => Response) | null;

beforeEach(() => {
  current = quest();
  patches = [];
  answer = null;
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  authSession.setTokens({ access: 'token', refresh: 'refresh' });
  server.use(
    api.on(routes.quest, () => HttpResponse.json(current)),
    api.on(routes.questUpdate, async ({ request }) => {
      const body = (await request.json()) as UpdateQuestRequest;
      patches.push(body);
      if (answer) return answer(body);
      return HttpResponse.json({ ...current, ...(body as Partial<QuestDetail>) });
    }),
    api.on(routes.tags, () => HttpResponse.json({ results: [], count: 0, next: null, previous: null })),
    myWalletHandler('100.00'),
  );
});
afterEach(() => {
  authSession.clear();
});

const open = () => renderScreen(<EditQuestPage />, { path: `/edit-quest/${ID}`, pattern: '/edit-quest/:id' });
const next = () => fireEvent.click(screen.getByRole('button', { name: /Next Step/ }));
const field = (label: RegExp | string) => screen.getByLabelText(label) as HTMLInputElement;

describe('edit quest', () => {
  it('starts on Details with the type fixed, and saves only the changed fields', async () => {
    const success = vi.spyOn(notify, 'success');
    open();
    expect(await screen.findByRole('heading', { name: 'Details' })).toBeTruthy();
    expect(screen.getByTestId('fixed-quest-type').textContent).toMatch(/Quest type: Post · #wyn/);
    expect(screen.getByTestId('fixed-quest-type').textContent).toMatch(/can't be changed/);
    expect(field('Title').value).toBe('Post with our hashtag');
    expect(field(/Reward amount/).disabled).toBe(false);

    fireEvent.change(field('Title'), { target: { value: 'Post with our new hashtag' } });
    fireEvent.change(field('Max participants'), { target: { value: '8' } });
    next();

    expect(await screen.findByRole('heading', { name: 'Review & Save' })).toBeTruthy();
    const note = screen.getByTestId('escrow-note');
    expect(note.textContent).toMatch(/Extra escrow: 30(\.00)? W will be reserved from your balance/);
    await waitFor(() => expect(note.textContent).toMatch(/Your balance: 100(\.00)? W/));
    expect(note.textContent).not.toMatch(/not enough/);

    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/quest/${ID}`));
    expect(patches).toEqual([{ title: 'Post with our new hashtag', max_participants: 8 }]);
    expect(success).toHaveBeenCalledWith(QUEST_MSG.updated, { outlive: true });
    success.mockRestore();
  });

  it('shows no escrow note when places and reward are unchanged, and warns when the balance is short', async () => {
    open();
    await screen.findByRole('heading', { name: 'Details' });
    fireEvent.change(field('Title'), { target: { value: 'Post with our new hashtag' } });
    next();
    await screen.findByRole('heading', { name: 'Review & Save' });
    expect(screen.queryByTestId('escrow-note')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Back/ }));
    fireEvent.change(field('Max participants'), { target: { value: '25' } });
    next();
    const note = await screen.findByTestId('escrow-note');
    await waitFor(() => expect(note.textContent).toMatch(/200(\.00)? W will be reserved[\s\S]*not enough/));
  });

  it('shows the server refusal on the review step', async () => {
    const msg = QUEST_MSG.insufficientToGrow('200.00');
    answer = () => apiError(400, { detail: msg, code: 'insufficient_funds' });
    const error = vi.spyOn(notify, 'error');
    open();
    await screen.findByRole('heading', { name: 'Details' });
    fireEvent.change(field('Max participants'), { target: { value: '25' } });
    next();
    fireEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    const alert = await screen.findByText("Can't save the changes");
    expect(within(alert.closest('[role="alert"]') as HTMLElement).getByText(msg)).toBeTruthy();
    expect(error).toHaveBeenCalledWith(msg);
    error.mockRestore();
    expect(screen.getByTestId('location').textContent).toBe(`/edit-quest/${ID}`);
  });

  it('says there is nothing to save when nothing changed', async () => {
    const info = vi.spyOn(notify, 'info');
    open();
    await screen.findByRole('heading', { name: 'Details' });
    next();
    fireEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(info).toHaveBeenCalledWith(QUEST_MSG.noChanges);
    expect(patches).toEqual([]);
    info.mockRestore();
  });

  it('once members joined: the reward is locked, places have a floor, the deadline only moves later', async () => {
    current = quest({ current_participants: 3 });
    open();
    await screen.findByRole('heading', { name: 'Details' });
    expect(field(/Reward amount/).disabled).toBe(true);
    expect(screen.getByText(QUEST_MSG.rewardLocked)).toBeTruthy();
    expect(screen.getByText('At least 3: already joined.')).toBeTruthy();
    expect(screen.getByText(/the deadline can only move later/)).toBeTruthy();
    fireEvent.change(field('Max participants'), { target: { value: '2' } });
    next();
    expect((await screen.findAllByText(QUEST_MSG.maxBelowJoined(3))).length).toBeGreaterThan(0);
    expect(screen.queryByRole('heading', { name: 'Review & Save' })).toBeNull();
  });

  it('an ended quest keeps only its text, cover and tags editable', async () => {
    current = quest({ status: 'closed' });
    open();
    await screen.findByRole('heading', { name: 'Details' });
    expect(field(/Reward amount/).disabled).toBe(true);
    expect(field('Max participants').disabled).toBe(true);
    expect(field('Deadline').disabled).toBe(true);
    expect(field('Title').disabled).toBe(false);
    expect(screen.getAllByText(QUEST_MSG.endedFieldsLocked).length).toBe(3);
  });

  it('shows the current cover and can remove it', async () => {
    current = quest({ media: '/media/cover.png' });
    open();
    await screen.findByRole('heading', { name: 'Details' });
    const cover = screen.getByTestId('current-cover');
    expect(cover.textContent).toMatch(/Upload a new file to replace it/);
    fireEvent.click(within(cover).getByRole('button', { name: 'Remove cover' }));
    next();
    await screen.findByRole('heading', { name: 'Review & Save' });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(patches).toEqual([{ media: null }]));
  });

  it('Back on Details leaves to the quest', async () => {
    open();
    await screen.findByRole('heading', { name: 'Details' });
    fireEvent.click(screen.getByRole('button', { name: /Back/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/quest/${ID}`));
  });

  it("is refused to someone who is not the quest's creator", async () => {
    current = quest({ creator: OTHER_ID, is_creator: false });
    open();
    expect(await screen.findByRole('heading', { name: "You can't edit this quest" })).toBeTruthy();
    expect(screen.getByText(QUEST_MSG.notCreator)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to quest' }).getAttribute('href')).toBe(`/quest/${ID}`);
    expect(screen.queryByRole('button', { name: /Next Step/ })).toBeNull();
  });

  it('a quest that does not exist', async () => {
    server.use(api.on(routes.quest, () => apiError(404, { detail: 'Not found.', code: 'not_found' })));
    open();
    expect(await screen.findByRole('heading', { name: 'Quest Not Found' })).toBeTruthy();
  });
});
