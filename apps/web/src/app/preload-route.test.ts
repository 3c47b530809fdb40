import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { questDetail } from '@/testing/fixtures';
import { apiError, routes } from '@/testing/msw/api';
import { preloadRoute } from './router';

const QUEST_ID = '33333333-3333-4333-8333-333333333333';

describe('preloadRoute', () => {
  it('asks for the quest of a signed-in launch on its page before the page renders', async () => {
    const calls = routes({
      [`club/tasks/${QUEST_ID}/`]: () => apiError(404, { detail: 'Not found.', code: 'not_found' }),
    });
    preloadRoute(`/quest/${QUEST_ID}`, true);
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${new URL(c.url).pathname}`)).toEqual([
        `GET /api/v1/club/tasks/${QUEST_ID}/`,
      ]),
    );
  });

  it("starts the quest's cover (its LCP) as soon as the quest is in", async () => {
    const id = '44444444-4444-4444-8444-444444444444';
    routes({ [`club/tasks/${id}/`]: questDetail(id, { media: '/media/seed/cover-rewards.png' }) });
    preloadRoute(`/quest/${id}`, true);
    await waitFor(() =>
      expect(document.head.querySelector('link[rel="preload"][as="image"]')?.getAttribute('href')).toBe(
        '/media/seed/cover-rewards.png',
      ),
    );
  });

  it('asks for nothing signed out, or on another screen', async () => {
    const calls = routes({ '/api/v1/': () => apiError(404, { detail: 'Not found.', code: 'not_found' }) });
    preloadRoute(`/quest/${QUEST_ID}`, false);
    preloadRoute('/wallet', true);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
  });
});
