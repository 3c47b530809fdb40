import { formatPoints, type SharePrepareRequest, type SharePrepareResponse, type StartTarget } from '@wyn/contract';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { PreparedArticle, TelegramBot } from '../../integrations/telegram-bot.ts';
import type { Log } from '../../lib/log.ts';
import { getUser } from '../accounts/accounts.service.ts';
import { getVisiblePerk } from '../perks/perks.service.ts';
import { getShareableProfile } from '../profiles/profiles.service.ts';
import { getVisibleQuest } from '../quests/quests.service.ts';
import { invitationOf } from '../engagement/referrals.service.ts';
import { deepLink } from '../../lib/deep-links.ts';

/**
 * Sharing a quest, perk, profile or one's invitation into a chat (issue #14 item 9, #16 item 10): its deep link and one line of text, and, for a
 * member whose account is linked to Telegram, a message the bot prepares for them (Bot API
 * `savePreparedInlineMessage`) that the Mini App hands to `shareMessage`: a card with the item's title, image and
 * an "Open in <product>" button carrying the deep link.
 */

const DESCRIPTION_MAX = 200;
const VIDEO_RE = /\.(mp4|webm|mov|avi)(\?|$)/i;

/** What a share card shows of the item. */
type ShareCard = {
  target: StartTarget;
  /** The app's own screen, for the web link. */
  path: string;
  title: string;
  description: string;
  image: string | null;
  text: string;
};

const clip = (s: string, max: number) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
};

/** An address Telegram can fetch: absolute http(s), not a video (thumbnails and previews are pictures). */
function publicImage(url: string | null | undefined, publicUrl: string): string | null {
  if (!url || VIDEO_RE.test(url)) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return `${publicUrl}${url}`;
  return /^https?:\/\//i.test(url) ? url : null;
}

async function loadCard(db: DbOrTx, viewerId: string, input: SharePrepareRequest, config: Config): Promise<ShareCard> {
  const product = config.productName;
  if (input.target_type === 'invite') {
    const invite = await invitationOf(db, config, viewerId);
    const inviter = await getShareableProfile(db, viewerId, viewerId);
    return {
      target: { kind: 'referral', code: invite.code },
      path: invite.webLink.slice(config.publicUrl.length),
      title: `${inviter.name} invites you to ${product}`,
      description: `Sign up through this link and complete your first quest: you get a welcome bonus, and so do I.`,
      image: publicImage(inviter.avatar, config.publicUrl),
      text: invite.text,
    };
  }
  const id = input.target_id;
  if (input.target_type === 'quest') {
    const q = await getVisibleQuest(db, id, viewerId);
    return {
      target: { kind: 'quest', id: q.id },
      path: `/quest/${q.id}`,
      title: q.title,
      description: q.description,
      image: publicImage(q.mediaUrl, config.publicUrl),
      text: `${q.title}: complete this quest on ${product} and earn ${formatPoints(q.rewardAmount / 100)}.`,
    };
  }
  if (input.target_type === 'perk') {
    const p = await getVisiblePerk(db, id, viewerId);
    return {
      target: { kind: 'perk', id: p.id },
      path: `/perk/${p.id}`,
      title: p.title,
      description: p.description,
      image: publicImage(p.mediaUrl, config.publicUrl),
      text: `${p.title}: a perk on ${product} for ${formatPoints(p.costAmount / 100)}.`,
    };
  }
  const u = await getShareableProfile(db, id, viewerId);
  return {
    target: { kind: 'profile', id: u.id },
    path: `/profile/${u.id}`,
    title: u.name,
    description: u.bio,
    image: publicImage(u.avatar, config.publicUrl),
    text: `${u.name} on ${product}: follow them, join their quests and redeem their perks.`,
  };
}

export async function prepareShare(
  db: DbOrTx,
  deps: { bot: TelegramBot; config: Config; log: Log },
  viewerId: string,
  input: SharePrepareRequest,
): Promise<SharePrepareResponse> {
  const { bot, config, log } = deps;
  const card = await loadCard(db, viewerId, input, config);
  const link = deepLink(config, card.target, card.path);
  const answer: SharePrepareResponse = { link, text: card.text };
  if (input.prepare_message === false || !bot.configured) return answer;
  const telegramId = Number((await getUser(db, viewerId)).telegramId);
  if (!Number.isSafeInteger(telegramId) || telegramId <= 0) return answer;

  const description = clip(card.description, DESCRIPTION_MAX);
  const article: PreparedArticle = {
    id: card.target.kind === 'referral' ? `referral-${card.target.code}` : `${card.target.kind}-${card.target.id}`,
    title: clip(card.title, 100),
    ...(description ? { description } : {}),
    ...(card.image ? { thumbnailUrl: card.image } : {}),
    messageText: description ? `${card.text}\n\n${description}` : card.text,
    previewUrl: card.image ?? link,
    button: { text: `Open in ${config.productName}`, url: link },
  };
  try {
    const prepared = await bot.savePreparedInlineMessage(telegramId, article);
    return { ...answer, prepared_message_id: prepared.id };
  } catch (err) {
    // Sharing still works without the card: the app falls back to t.me/share/url with the link.
    log.warn({ err, target: card.target }, 'share: savePreparedInlineMessage failed; answering with the link only');
    return answer;
  }
}
