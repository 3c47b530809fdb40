import {
  exclusiveContentProblem,
  isBlobUrl,
  PERK_MSG,
  privateMediaRefOf,
  type ExclusiveContentInput,
  type PerkContent,
} from '@wyn/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { ExclusiveContent } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { ownedPrivateMedia } from '../media/media.service.ts';
import type { PrivateMediaLinks } from '../../lib/private-media-links.ts';
import { type PerkRow } from './perk-rows.service.ts';

/**
 * A perk's secret content (telegram_url, discount_code, event_details, exclusive_content): cleaned and checked
 * when saved, shown to the creator and to redeemers (private files as short-lived signed URLs), snapshotted
 * on each redemption. It leaves the perks module only inside `content`, for those two.
 */

const isMediaContent = (c: { content_type: string }) => c.content_type === 'images' || c.content_type === 'video';

/** A signed URL sent back (an edit, Fix Media Issues) means the private file it points at. */
const asStoredMediaUrl = (u: string) => privateMediaRefOf(u) ?? u;

export function cleanExclusive(
  c: ExclusiveContentInput | ExclusiveContent | null | undefined,
): ExclusiveContent | null {
  if (!c) return null;
  const out: ExclusiveContent = { content_type: c.content_type };
  if (c.text_body) out.text_body = c.text_body;
  if (c.external_link) out.external_link = c.external_link;
  // Files belong to images and video only, where they are checked (checkExclusiveMedia); elsewhere unchecked
  // references would ride along to redeemers as signed URLs.
  if (!isMediaContent(c)) return { ...out, permanent_media_url: null };
  const urls = (c.media_urls ?? []).filter((u) => !isBlobUrl(u)).map(asStoredMediaUrl);
  if (urls.length) out.media_urls = urls;
  out.permanent_media_url =
    c.permanent_media_url && !isBlobUrl(c.permanent_media_url) ? asStoredMediaUrl(c.permanent_media_url) : null;
  return out;
}

/**
 * Exclusive images and video are private uploads of the perk's creator: a public `/media/` file or an outside
 * address would be reachable by anyone, and someone else's private file is not theirs to sell.
 */
export async function checkExclusiveMedia(db: DbOrTx, creatorId: string, c: ExclusiveContent | null): Promise<void> {
  if (!c || !isMediaContent(c)) return;
  const named: Array<[field: string, ref: string]> = [
    ...(c.permanent_media_url
      ? [['exclusive_content.permanent_media_url', c.permanent_media_url] as [string, string]]
      : []),
    ...(c.media_urls ?? []).map((u) => ['exclusive_content.media_urls', u] as [string, string]),
  ];
  for (const [field, ref] of named)
    if (!privateMediaRefOf(ref))
      throw badRequest(PERK_MSG.exclusiveMediaPrivate, { [field]: [PERK_MSG.exclusiveMediaPrivate] });
  const owned = await ownedPrivateMedia(
    db,
    creatorId,
    named.map(([, ref]) => ref),
  );
  for (const [field, ref] of named)
    if (!owned.has(ref))
      throw badRequest(PERK_MSG.exclusiveMediaNotYours, { [field]: [PERK_MSG.exclusiveMediaNotYours] });
}

/** Exclusive content as its viewer receives it: each private reference as a short-lived signed URL. */
export function presentExclusive(
  c: ExclusiveContent | null | undefined,
  links: PrivateMediaLinks,
): ExclusiveContent | null {
  if (!c) return null;
  const out: ExclusiveContent = { ...c };
  if (c.media_urls) out.media_urls = c.media_urls.map((u) => links.urlFor(u));
  if (c.permanent_media_url) out.permanent_media_url = links.urlFor(c.permanent_media_url);
  return out;
}

export function presentContent(content: PerkContent | null, links: PrivateMediaLinks): PerkContent | null {
  if (!content?.exclusive_content) return content;
  return { ...content, exclusive_content: presentExclusive(content.exclusive_content, links) };
}

/** The content as the creator sees it (the perk's current secret fields). */
export function creatorContent(p: PerkRow): PerkContent {
  switch (p.perkType) {
    case 'telegram_invite':
      return { perk_type: p.perkType, telegram_url: p.telegramUrl, invite_link: p.telegramUrl };
    case 'discount_code':
      return { perk_type: p.perkType, discount_code: p.discountCode };
    case 'event_invitation':
      return { perk_type: p.perkType, event_details: p.eventDetails };
    default:
      return { perk_type: p.perkType, exclusive_content: p.exclusiveContent ?? null };
  }
}

/**
 * The content as a member who redeemed sees it: the perk's current content (so a creator's fixes reach
 * them), except the invite link, which is the one delivered to them (a single-use link when the bot made one).
 */
export function redeemerContent(p: PerkRow, delivered: Record<string, unknown>): PerkContent {
  const base = creatorContent(p);
  if (p.perkType === 'telegram_invite') {
    const link = typeof delivered.invite_link === 'string' ? delivered.invite_link : p.telegramUrl;
    return { perk_type: p.perkType, telegram_url: link, invite_link: link };
  }
  return base;
}

/** The snapshot kept on the redemption: what the member got, even if the perk is later deleted. */
export function snapshot(p: PerkRow): Record<string, unknown> {
  return { ...creatorContent(p) };
}

/**
 * Images or video that redeemers cannot get, or that anyone can: a temporary `blob:` address, or (saved before
 * exclusive files were private) a public `/media/` file or an outside address; the creator uploads it again.
 */
export function hasMediaIssue(c: ExclusiveContent | null | undefined): boolean {
  if (!c || !isMediaContent(c)) return false;
  const urls = [...(c.media_urls ?? []), ...(c.permanent_media_url ? [c.permanent_media_url] : [])];
  return urls.some((u) => isBlobUrl(u) || !privateMediaRefOf(u));
}

export function checkExclusive(c: ExclusiveContentInput | undefined | null) {
  const problem = exclusiveContentProblem(c);
  if (problem) throw badRequest(problem.message, { [problem.field]: [problem.message] });
}
