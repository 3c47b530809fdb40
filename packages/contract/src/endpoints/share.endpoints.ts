import { defineEndpoints } from '../endpoint.ts';
import { sharePrepareRequest, sharePrepareResponse } from '../share.ts';

export const shareEndpoints = defineEndpoints('share', {
  sharePrepare: {
    method: 'POST',
    path: 'club/share/prepare/',
    auth: 'member',
    summary:
      "Prepare a quest, perk or profile for sharing: its deep link and text, and inside Telegram a message for the member's account (savePreparedInlineMessage).",
    body: sharePrepareRequest,
    responses: { 200: sharePrepareResponse },
  },
});
