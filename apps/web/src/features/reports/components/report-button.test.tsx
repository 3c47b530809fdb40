import { HttpResponse } from 'msw';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routes } from '@wyn/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/toast';
import { api, apiError } from '@/testing/msw/api';
import { server } from '@/testing/msw/server';
import { renderScreen } from '@/testing/render';
import { ReportButton } from './report-button';

const QUEST_ID = '44444444-4444-4444-8444-444444444444';
let bodies: unknown[] = [];
beforeEach(() => {
  bodies = [];
  vi.spyOn(notify, 'success').mockImplementation(() => {});
  vi.spyOn(notify, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('Report', () => {
  it('asks why, sends the report and thanks the member', async () => {
    server.use(
      api.on(routes.reportCreate, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          {
            detail: 'Reported.',
            id: '55555555-5555-4555-8555-555555555555',
            target_type: 'quest',
            target_id: QUEST_ID,
            status: 'open',
            created_at: '2030-01-01T00:00:00Z',
          },
          { status: 201 },
        );
      }),
    );
    renderScreen(<ReportButton targetType="quest" targetId={QUEST_ID} />, { path: '/' });
    fireEvent.click(screen.getByRole('button', { name: 'Report quest' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Say what is wrong')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: ' Spam ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Thanks: the staff will look at it'));
    expect(bodies).toEqual([{ target_type: 'quest', target_id: QUEST_ID, reason: 'Spam' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's refusal (one open report per item)", async () => {
    server.use(
      api.on(routes.reportCreate, () => apiError(409, { detail: 'You already reported this.', code: 'conflict' })),
    );
    renderScreen(<ReportButton targetType="message" targetId={QUEST_ID} iconOnly />, { path: '/' });
    fireEvent.click(screen.getByRole('button', { name: 'Report message' }));
    fireEvent.change(await screen.findByLabelText(/Reason/), { target: { value: 'Rude' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('You already reported this.'));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
