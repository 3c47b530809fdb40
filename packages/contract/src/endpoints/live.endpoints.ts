import { liveEvent } from '../chat.ts';
import { defineEndpoints } from '../endpoint.ts';

export const liveEndpoints = defineEndpoints('live', {
  live: {
    method: 'GET',
    path: 'club/live/',
    auth: 'member',
    summary:
      'Server-sent events (`message`, `message_read`, `notification`, `wallet`, `resync`, `account_disabled`), each with a JSON `data` line: hints, never content (decision 0006).',
    kind: 'sse',
    responses: { 200: liveEvent },
  },
});
