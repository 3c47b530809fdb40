import { z } from 'zod';
import { uuid } from './common.ts';

/**
 * Sharing a quest, perk or profile into a chat (issue #14 item 9). Inside Telegram the server prepares an inline
 * message for the member (Bot API `savePreparedInlineMessage`) and the app hands its id to `shareMessage`; the link
 * and text are for every other way of sharing (`t.me/share/url`, the system share sheet, copying the link).
 */
export const SHARE_TARGET_TYPES = ['quest', 'perk', 'profile'] as const;
export type ShareTargetType = (typeof SHARE_TARGET_TYPES)[number];

/** False when the client cannot use a prepared message (outside Telegram, or a client older than Bot API 8.0). */
const prepareMessage = z.boolean().default(true);

/** A quest, perk or profile by its id; or `invite`: the caller's own invitation (issue #16 item 10). */
export const sharePrepareRequest = z.discriminatedUnion('target_type', [
  z.object({ target_type: z.enum(SHARE_TARGET_TYPES), target_id: uuid.toLowerCase(), prepare_message: prepareMessage }),
  z.object({ target_type: z.literal('invite'), prepare_message: prepareMessage }),
]);
export type SharePrepareRequest = z.input<typeof sharePrepareRequest>;

export const sharePrepareResponse = z.object({
  /** Set when the bot prepared a message for the member's Telegram account: pass it to `shareMessage`. */
  prepared_message_id: z.string().optional(),
  /** The deep link (`https://t.me/<bot>/<app>?startapp=q_<id>`, else the web address of the screen). */
  link: z.string(),
  /** One line to send along with the link. */
  text: z.string(),
});
export type SharePrepareResponse = z.infer<typeof sharePrepareResponse>;
