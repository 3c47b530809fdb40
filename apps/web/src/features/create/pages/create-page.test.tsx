import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpResponse } from 'msw';
import { routes } from '@wyn/contract';
import { authSession } from '@/lib/session';
import { perkDetail, USER_ID } from '@/testing/fixtures';
import { myWalletHandler } from '@/testing/msw/account-handlers';
import { api } from '@/testing/msw/api';
import { server } from '@/testing/msw/server';
import { renderScreen } from '@/testing/render';
import CreatePage from './create-page';

const PERK_ID = '33333333-3333-4333-8333-333333333333';

/** Bodies of the perk creations the screen sent. */
let perkPosts: Array<Record<string, unknown>> = [];

beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  perkPosts = [];
  server.use(
    api.on(routes.perkCreate, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      perkPosts.push(body);
      return HttpResponse.json(perkDetail(PERK_ID, { title: String(body.title), creator: USER_ID, is_creator: true }), {
        status: 201,
      });
    }),
    api.on(routes.tags, () => HttpResponse.json({ results: [], count: 0, next: null, previous: null })),
    api.on(routes.validateChannel, () => HttpResponse.json({ valid: true, message: 'ok' })),
    myWalletHandler(),
  );
});
afterEach(() => {
  authSession.clear();
});

const next = () => fireEvent.click(screen.getByRole('button', { name: /Next Step/ }));

describe('create wizard', () => {
  it('walks the quest steps with their validation and back rules', async () => {
    renderScreen(<CreatePage />, { path: '/create' });
    expect(screen.getByRole('radio', { name: /Create Quest/ }).getAttribute('aria-checked')).toBe('true');
    next();
    expect(screen.getByRole('heading', { name: 'Quest Type' })).toBeTruthy();

    next();
    expect(screen.getByText('Quest type is required')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: /Join channel/ }));
    next();
    expect(screen.getByText('Telegram channel username is required')).toBeTruthy();
    expect(screen.getByText('Enter the username of your Telegram channel (with or without @)')).toBeTruthy();

    const channel = screen.getByLabelText(/Channel username/);
    fireEvent.change(channel, { target: { value: 'my channel' } });
    const testButton = screen.getByRole('button', { name: 'Test Access' }) as HTMLButtonElement;
    expect(testButton.disabled).toBe(true);
    fireEvent.change(channel, { target: { value: '@wyn_club' } });
    expect(testButton.disabled).toBe(false);
    fireEvent.click(testButton);
    expect(await screen.findByRole('button', { name: 'Recheck' })).toBeTruthy();
    expect(screen.getByText('Success! Our bot has proper access to the channel.')).toBeTruthy();
    fireEvent.change(channel, { target: { value: '@wyn_club2' } });
    expect(screen.getByRole('button', { name: 'Test Access' })).toBeTruthy();

    next();
    expect(screen.getByRole('heading', { name: 'Details' })).toBeTruthy();
    next();
    expect(screen.getByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Reward amount is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: 'abcd' } });
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'Join our channel today' } });
    fireEvent.change(screen.getByLabelText(/Reward amount/), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText(/Max participants/), { target: { value: '4' } });
    next();
    expect(screen.getByRole('heading', { name: 'Review & Submit' })).toBeTruthy();
    expect(screen.getByTestId('escrow-note').textContent).toContain('Escrow: 20 W will be reserved from your balance');
    // The channel changed after the check, so access is no longer verified: submit stays disabled.
    expect((screen.getByRole('button', { name: 'Create Quest' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getByRole('heading', { name: 'Details' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getByRole('heading', { name: 'Quest Type' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getByRole('radio', { name: /Create Perk/ })).toBeTruthy();
  });

  it('exclusive content: per-type messages and only image or video files', () => {
    renderScreen(<CreatePage />, { path: '/create' });
    fireEvent.click(screen.getByRole('radio', { name: /Create Perk/ }));
    next();
    fireEvent.click(screen.getByRole('radio', { name: /Exclusive content/ }));
    next();
    expect(screen.getByText('Text content is required')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Link' }));
    next();
    expect(screen.getByText('External link is required')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Images' }));
    next();
    expect(screen.getByText('Media content is required. Please upload a file.')).toBeTruthy();
    const pdf = new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Exclusive image'), { target: { files: [pdf] } });
    expect(screen.getByText('Only image and video files are supported')).toBeTruthy();
  });

  it('exclusive images: the file uploads privately (purpose=exclusive), the cover publicly, each sent in its place', async () => {
    const PRIVATE_REF = `private:${'a'.repeat(32)}.png`;
    const COVER_URL = `/media/${'c'.repeat(32)}.png`;
    const opened: string[] = [];
    // The upload's address decides what the server answers: a private reference or a public file.
    server.use(
      api.on(routes.mediaUpload, ({ request }) => {
        const url = new URL(request.url);
        opened.push(url.pathname + url.search);
        const exclusive = url.search === '?purpose=exclusive';
        return HttpResponse.json(
          {
            id: '44444444-4444-4444-8444-444444444444',
            url: exclusive ? PRIVATE_REF : COVER_URL,
            mime_type: 'image/png',
            size: 4,
          },
          { status: 201 },
        );
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/preview');
    URL.revokeObjectURL = vi.fn();
    const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

    renderScreen(<CreatePage />, { path: '/create' });
    fireEvent.click(screen.getByRole('radio', { name: /Create Perk/ }));
    next();
    fireEvent.click(screen.getByRole('radio', { name: /Exclusive content/ }));
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Images' }));
    fireEvent.change(screen.getByLabelText('Exclusive image'), { target: { files: [png('secret.png')] } });
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]).toMatch(/club\/media\/upload\/\?purpose=exclusive$/);
    // The private upload has finished (its answer is checked against the contract first).
    await screen.findByTestId('media-uploaded');
    next();
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: 'Secret photos' } });
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'The photos from our last shoot' } });
    fireEvent.change(screen.getByLabelText(/Cost amount/), { target: { value: '15' } });
    fireEvent.change(screen.getByLabelText(/^Media/), { target: { files: [png('cover.png')] } });
    await waitFor(() => expect(opened).toHaveLength(2));
    expect(opened[1]).toMatch(/club\/media\/upload\/$/);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: /Next Step/ }) as HTMLButtonElement).disabled).toBe(false),
    );
    next();
    authSession.setTokens({ access: 'token', refresh: 'refresh' });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Create Perk' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create Perk' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/perk/${PERK_ID}`));
    const body = perkPosts[0]!;
    expect(body.media).toBe(COVER_URL);
    expect(body.exclusive_content).toEqual({
      content_type: 'images',
      permanent_media_url: PRIVATE_REF,
      media_urls: [PRIVATE_REF],
    });
  });

  it('walks the perk steps, clears the quest amount and creates the perk', async () => {
    renderScreen(<CreatePage />, { path: '/create' });
    fireEvent.click(screen.getByRole('radio', { name: /Create Perk/ }));
    next();
    expect(screen.getByRole('heading', { name: 'Perk Type' })).toBeTruthy();
    next();
    expect(screen.getByText('Perk type is required')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: /Discount code/ }));
    next();
    expect(screen.getByText('Discount code is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Discount code/), { target: { value: 'WYN20' } });
    next();
    expect(screen.getByRole('heading', { name: 'Details' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: 'Twenty off' } });
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'Twenty percent off everything' } });
    fireEvent.change(screen.getByLabelText(/Cost amount/), { target: { value: '15' } });

    // Back to the start, over to quest and back again: the perk's cost is cleared.
    fireEvent.click(screen.getByRole('button', { name: /Back/ }));
    fireEvent.click(screen.getByRole('button', { name: /Back/ }));
    fireEvent.click(screen.getByRole('radio', { name: /Create Quest/ }));
    fireEvent.click(screen.getByRole('radio', { name: /Create Perk/ }));
    next();
    next();
    expect((screen.getByLabelText(/Cost amount/) as HTMLInputElement).value).toBe('');
    next();
    expect(screen.getByText('Cost amount is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Cost amount/), { target: { value: '15' } });
    next();
    expect(screen.getByRole('heading', { name: 'Review & Submit' })).toBeTruthy();
    expect(screen.getByText('WYN20')).toBeTruthy();

    authSession.setTokens({ access: 'token', refresh: 'refresh' });
    fireEvent.click(screen.getByRole('button', { name: 'Create Perk' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/perk/${PERK_ID}`));
    expect(perkPosts).toHaveLength(1);
    expect(perkPosts[0]).toMatchObject({
      title: 'Twenty off',
      perk_type: 'discount_code',
      discount_code: 'WYN20',
      cost_amount: '15.00',
      status: 'active',
    });
  });
});
