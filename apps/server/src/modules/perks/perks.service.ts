import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import {
  centsToAmount,
  exclusiveContentProblem,
  isBlobUrl,
  MEDIA_ALLOWED_TYPES,
  PERK_MSG,
  privateMediaRefOf,
  PerkErrorCode,
  type CreatePerkInput,
  type ExclusiveContentInput,
  type MyPerk,
  type MyRedemption,
  type PerkCard,
  type PerkContent,
  type PerkDetail,
  type PerkListQuery,
  type PerkPurchaser,
  type PageQuery,
  type updatePerkRequest,
} from '@wyn/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import {
  perkRedemptions,
  perks,
  perkTags,
  profiles,
  users,
  wallets,
  type ExclusiveContent,
} from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { futureDeadline, iso } from '../../lib/dates.ts';
import { pageWindow } from '../../lib/pagination.ts';
import { preparedPerDb } from '../../lib/prepared.ts';
import { creatorName, displayName, memberSummary } from '../../lib/display-name.ts';
import type { MediaStorage } from '../../integrations/media-storage.ts';
import type { UploadedFile } from '../../lib/multipart-body.ts';
import { ownedPrivateMedia, storeMedia } from '../media/media.service.ts';
import type { PrivateMediaLinks } from '../media/private-media-links.ts';
import { perkCardColumns, perkTagsJson, toPerkCard } from '../home/cards.ts';
import { recordEvent } from '../../events/outbox.ts';
import { checkTagIds, escapeLike } from '../tags/tags.service.ts';
import { getMemberWallet, move, systemWalletId } from '../wallet/wallet.service.ts';

/**
 * Perks: creation, reading, management and redemption (docs/product.md, docs/spec/02-explore-details-wallet-social.md §4). The secret fields
 * (telegram_url, discount_code, event_details, exclusive_content) leave this module only inside `content`,
 * and only for the perk's creator or a member who redeemed it.
 */

export type PerkRow = typeof perks.$inferSelect;
export type UpdatePerkInput = z.output<typeof updatePerkRequest>;

const toCents = (amount: number) => Math.round(amount * 100);

const perkError = (status: number, code: string, detail: string) => new AppError(status, code, detail);

// ---------------------------------------------------------------------------------------------------------
// content

const isMediaContent = (c: { content_type: string }) => c.content_type === 'images' || c.content_type === 'video';

/** A signed URL sent back (an edit, Fix Media Issues) means the private file it points at. */
const asStoredMediaUrl = (u: string) => privateMediaRefOf(u) ?? u;

function cleanExclusive(c: ExclusiveContentInput | ExclusiveContent | null | undefined): ExclusiveContent | null {
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
async function checkExclusiveMedia(db: DbOrTx, creatorId: string, c: ExclusiveContent | null): Promise<void> {
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
function presentExclusive(c: ExclusiveContent | null | undefined, links: PrivateMediaLinks): ExclusiveContent | null {
  if (!c) return null;
  const out: ExclusiveContent = { ...c };
  if (c.media_urls) out.media_urls = c.media_urls.map((u) => links.urlFor(u));
  if (c.permanent_media_url) out.permanent_media_url = links.urlFor(c.permanent_media_url);
  return out;
}

function presentContent(content: PerkContent | null, links: PrivateMediaLinks): PerkContent | null {
  if (!content?.exclusive_content) return content;
  return { ...content, exclusive_content: presentExclusive(content.exclusive_content, links) };
}

/** The content as the creator sees it (the perk's current secret fields). */
function creatorContent(p: PerkRow): PerkContent {
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
function redeemerContent(p: PerkRow, delivered: Record<string, unknown>): PerkContent {
  const base = creatorContent(p);
  if (p.perkType === 'telegram_invite') {
    const link = typeof delivered.invite_link === 'string' ? delivered.invite_link : p.telegramUrl;
    return { perk_type: p.perkType, telegram_url: link, invite_link: link };
  }
  return base;
}

/** The snapshot kept on the redemption: what the member got, even if the perk is later deleted. */
function snapshot(p: PerkRow): Record<string, unknown> {
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

// ---------------------------------------------------------------------------------------------------------
// reading

export async function getPerkRow(db: DbOrTx, id: string): Promise<PerkRow> {
  const [row] = await db.select().from(perks).where(eq(perks.id, id)).limit(1);
  if (!row) throw notFound(PERK_MSG.notFound);
  return row;
}

/** A perk a member may see: exists and is not hidden by staff. */
export async function getVisiblePerk(db: DbOrTx, id: string): Promise<PerkRow> {
  const row = await getPerkRow(db, id);
  if (row.isHidden || row.status === 'hidden') throw notFound(PERK_MSG.notFound);
  return row;
}

async function getOwnPerk(db: DbOrTx, id: string, userId: string): Promise<PerkRow> {
  const row = await getVisiblePerk(db, id);
  if (row.creatorId !== userId) throw forbidden();
  return row;
}

const perkDetailQuery = preparedPerDb((db) =>
  db
    .select({
      perk: perks,
      tags: perkTagsJson,
      creatorFirst: users.firstName,
      creatorLast: users.lastName,
      creatorUsername: users.username,
      creatorTg: users.tgUsername,
      redemptionAt: perkRedemptions.redeemedAt,
      delivered: perkRedemptions.deliveredContent,
    })
    .from(perks)
    .leftJoin(users, eq(users.id, perks.creatorId))
    .leftJoin(
      perkRedemptions,
      and(eq(perkRedemptions.perkId, perks.id), eq(perkRedemptions.userId, sql.placeholder('viewer'))),
    )
    .where(eq(perks.id, sql.placeholder('id')))
    .limit(1)
    .prepare('perk_detail'),
);

export async function perkDetail(
  db: DbOrTx,
  id: string,
  viewerId: string,
  links: PrivateMediaLinks,
): Promise<PerkDetail> {
  const [row] = await perkDetailQuery(db).execute({ id, viewer: viewerId });
  if (!row || row.perk.isHidden || row.perk.status === 'hidden') throw notFound(PERK_MSG.notFound);
  const p = row.perk;
  const isCreator = p.creatorId === viewerId;
  const redeemed = row.redemptionAt !== null;
  const content = isCreator ? creatorContent(p) : redeemed ? redeemerContent(p, row.delivered ?? {}) : null;
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    terms_and_conditions: p.termsAndConditions,
    purchase_requirements: p.purchaseRequirements,
    cost_amount: centsToAmount(p.costAmount),
    media: p.mediaUrl,
    tags: row.tags,
    creator: p.creatorId,
    creator_name: creatorName(p.creatorId, row),
    is_creator: isCreator,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
    deadline: iso(p.deadline),
    max_participants: p.maxParticipants,
    purchased_count: p.purchasedCount,
    status: p.status,
    perk_type: p.perkType,
    is_verified: p.isVerified,
    is_redeemed: redeemed,
    is_available: !redeemed,
    redeemed_at: iso(row.redemptionAt),
    content: presentContent(content, links),
  };
}

export async function perkContentFor(db: DbOrTx, id: string, viewerId: string, links: PrivateMediaLinks) {
  const d = await perkDetail(db, id, viewerId, links);
  return { has_purchased: d.is_redeemed, content: d.content };
}

const orderings: Record<PerkListQuery['ordering'], SQL[]> = {
  '-created_at': [desc(perks.createdAt), desc(perks.id)],
  created_at: [asc(perks.createdAt), asc(perks.id)],
  '-cost_amount': [desc(perks.costAmount), desc(perks.createdAt), desc(perks.id)],
  cost_amount: [asc(perks.costAmount), desc(perks.createdAt), desc(perks.id)],
};

function listFilters(q: PerkListQuery): SQL[] {
  const parts: SQL[] = [];
  const term = q.search?.trim();
  if (term) {
    const like = `%${escapeLike(term)}%`;
    parts.push(or(ilike(perks.title, like), ilike(perks.description, like))!);
  }
  if (q.perk_type) parts.push(eq(perks.perkType, q.perk_type));
  if (q.tags?.length)
    parts.push(
      inArray(perks.id, sql`(select ${perkTags.perkId} from ${perkTags} where ${inArray(perkTags.tagId, q.tags)})`),
    );
  return parts;
}

/** `GET perks/`: active and not hidden. */
export async function listPerks(db: DbOrTx, q: PerkListQuery): Promise<{ rows: PerkCard[]; count: number }> {
  const { limit, offset } = pageWindow(q);
  const where = and(eq(perks.status, 'active'), not(perks.isHidden), ...listFilters(q))!;
  const [rows, [total]] = await Promise.all([
    db
      .select(perkCardColumns)
      .from(perks)
      .where(where)
      .orderBy(...orderings[q.ordering])
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(perks).where(where),
  ]);
  return { rows: rows.map(toPerkCard), count: total?.n ?? 0 };
}

/** `GET perks/my_perks/`: the caller's perks in every state except hidden by staff. */
export async function listMyPerks(
  db: DbOrTx,
  userId: string,
  q: PerkListQuery,
  links: PrivateMediaLinks,
): Promise<{ rows: MyPerk[]; count: number }> {
  const { limit, offset } = pageWindow(q);
  const where = and(eq(perks.creatorId, userId), not(perks.isHidden), ...listFilters(q))!;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...perkCardColumns,
        updatedAt: perks.updatedAt,
        isVerified: perks.isVerified,
        exclusiveContent: perks.exclusiveContent,
      })
      .from(perks)
      .where(where)
      .orderBy(...orderings[q.ordering])
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(perks).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      ...toPerkCard(r),
      updated_at: r.updatedAt.toISOString(),
      is_verified: r.isVerified,
      has_media_issue: hasMediaIssue(r.exclusiveContent),
      exclusive_content: r.perkType === 'exclusive_content' ? presentExclusive(r.exclusiveContent, links) : null,
    })),
    count: total?.n ?? 0,
  };
}

/** `GET perks/{id}/purchasers/`: the creator sees who redeemed, newest first. */
export async function listPurchasers(
  db: DbOrTx,
  perkId: string,
  userId: string,
  q: PageQuery,
): Promise<{ rows: PerkPurchaser[]; count: number }> {
  await getOwnPerk(db, perkId, userId);
  const { limit, offset } = pageWindow(q);
  const where = eq(perkRedemptions.perkId, perkId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: perkRedemptions.id,
        redeemedAt: perkRedemptions.redeemedAt,
        userId: users.id,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
        tgUsername: users.tgUsername,
        photo: users.telegramPhotoUrl,
        avatar: profiles.avatar,
      })
      .from(perkRedemptions)
      .innerJoin(users, eq(users.id, perkRedemptions.userId))
      .leftJoin(profiles, eq(profiles.id, perkRedemptions.userId))
      .where(where)
      .orderBy(desc(perkRedemptions.redeemedAt), desc(perkRedemptions.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(perkRedemptions).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      user: memberSummary(r),
      redeemed_at: r.redeemedAt.toISOString(),
    })),
    count: total?.n ?? 0,
  };
}

/** `GET perks/my_redemptions/`: the caller's redemptions with the content delivered (kept after deletion). */
export async function listMyRedemptions(
  db: DbOrTx,
  userId: string,
  q: PageQuery,
  links: PrivateMediaLinks,
): Promise<{ rows: MyRedemption[]; count: number }> {
  const { limit, offset } = pageWindow(q);
  const where = eq(perkRedemptions.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ r: perkRedemptions, perk: perks })
      .from(perkRedemptions)
      .leftJoin(perks, eq(perks.id, perkRedemptions.perkId))
      .where(where)
      .orderBy(desc(perkRedemptions.redeemedAt), desc(perkRedemptions.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(perkRedemptions).where(where),
  ]);
  return {
    rows: rows.map(({ r, perk }) => ({
      id: r.id,
      perk: r.perkId,
      perk_title: perk?.title ?? r.perkTitle,
      redeemed_at: r.redeemedAt.toISOString(),
      content: presentContent(
        perk ? redeemerContent(perk, r.deliveredContent) : ((r.deliveredContent as PerkContent) ?? null),
        links,
      ),
    })),
    count: total?.n ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------------------
// creating and changing

const checkDeadline = (deadline: string | null | undefined, now: Date) =>
  futureDeadline(deadline, now, PERK_MSG.deadlinePast);

function checkExclusive(c: ExclusiveContentInput | undefined | null) {
  const problem = exclusiveContentProblem(c);
  if (problem) throw badRequest(problem.message, { [problem.field]: [problem.message] });
}

export type ResolveChat = (telegramUrl: string) => Promise<string | null>;

/** The checks that need no upload (deadline, tags), run before any file is stored. */
export async function precheckPerk(db: DbOrTx, input: CreatePerkInput, now: Date): Promise<void> {
  checkDeadline(input.deadline, now);
  await checkTagIds(db, input.tags);
}

const EXCLUSIVE_FILE_TYPES = MEDIA_ALLOWED_TYPES.filter((m) => m.startsWith('image/') || m.startsWith('video/'));

/**
 * Creates a perk from a request with its uploaded files, checking what needs no upload first so a refused perk
 * stores nothing. `media` is only ever the public cover: an exclusive file comes as `exclusive_media` (or a
 * private upload's reference), never from the cover, so what a buyer pays for is never public.
 */
export async function createPerkWithFiles(
  db: DbOrTx,
  storage: MediaStorage,
  creatorId: string,
  input: CreatePerkInput,
  files: UploadedFile[],
  opts: { now: Date; resolveChat: ResolveChat },
): Promise<string> {
  await precheckPerk(db, input, opts.now);
  const mediaFile = files.find((f) => f.field === 'media');
  const exclusiveFile = files.find((f) => f.field === 'exclusive_media');
  const mediaUrl = mediaFile ? (await storeMedia(db, storage, creatorId, mediaFile)).url : (input.media ?? null);
  if (input.perk_type === 'exclusive_content' && input.exclusive_content && exclusiveFile) {
    const stored = await storeMedia(db, storage, creatorId, exclusiveFile, {
      allowed: EXCLUSIVE_FILE_TYPES,
      unsupportedMessage: PERK_MSG.onlyImageVideo,
      private: true,
    });
    input.exclusive_content.permanent_media_url = stored.url;
  }
  return createPerk(db, creatorId, input, { mediaUrl, now: opts.now, resolveChat: opts.resolveChat });
}

export async function createPerk(
  db: DbOrTx,
  creatorId: string,
  input: CreatePerkInput,
  opts: { mediaUrl: string | null; now: Date; resolveChat: ResolveChat },
): Promise<string> {
  const deadline = checkDeadline(input.deadline, opts.now);
  const type = input.perk_type!;
  const exclusive = type === 'exclusive_content' ? cleanExclusive(input.exclusive_content) : null;
  if (type === 'exclusive_content') {
    checkExclusive(input.exclusive_content);
    await checkExclusiveMedia(db, creatorId, exclusive);
  }
  await checkTagIds(db, input.tags);
  const telegramChatId =
    type === 'telegram_invite' && input.telegram_url ? await opts.resolveChat(input.telegram_url) : null;
  const keep = <T>(wanted: boolean, v: T | undefined | null) => (wanted ? (v ?? null) : null);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(perks)
      .values({
        creatorId,
        title: input.title,
        description: input.description,
        perkType: type,
        status: 'active',
        costAmount: toCents(input.cost_amount!),
        maxParticipants: input.max_participants ?? null,
        deadline,
        purchaseRequirements: input.purchase_requirements ?? '',
        termsAndConditions: input.terms_and_conditions ?? '',
        telegramUrl: keep(type === 'telegram_invite', input.telegram_url),
        telegramChatId,
        discountCode: keep(type === 'discount_code', input.discount_code),
        eventDetails: keep(type === 'event_invitation', input.event_details),
        exclusiveContent: exclusive,
        mediaUrl: opts.mediaUrl,
        isVerified: false,
      })
      .returning({ id: perks.id });
    const id = row!.id;
    if (input.tags?.length)
      await tx.insert(perkTags).values([...new Set(input.tags)].map((tagId) => ({ perkId: id, tagId })));
    await recordEvent(tx, { type: 'perk.created', payload: { perkId: id, creatorId } });
    return id;
  });
}

export async function updatePerk(
  db: DbOrTx,
  perkId: string,
  userId: string,
  input: UpdatePerkInput,
  opts: { now: Date; resolveChat: ResolveChat },
): Promise<void> {
  const current = await getOwnPerk(db, perkId, userId);
  const type = current.perkType;
  const wrongType = (field: string, wanted: boolean) => {
    if (!wanted) throw badRequest(PERK_MSG.fieldNotForType, { [field]: [PERK_MSG.fieldNotForType] });
  };
  const set: Partial<typeof perks.$inferInsert> = {};
  if (input.title !== undefined) set.title = input.title;
  if (input.description !== undefined) set.description = input.description;
  if (input.terms_and_conditions !== undefined) set.termsAndConditions = input.terms_and_conditions ?? '';
  if (input.purchase_requirements !== undefined) set.purchaseRequirements = input.purchase_requirements ?? '';
  if (input.cost_amount !== undefined) set.costAmount = toCents(input.cost_amount);
  if (input.deadline !== undefined) set.deadline = checkDeadline(input.deadline, opts.now);
  if (input.status !== undefined) set.status = input.status;
  if (input.media_url !== undefined) set.mediaUrl = input.media_url;
  if (input.telegram_url !== undefined) {
    wrongType('telegram_url', type === 'telegram_invite');
    if (!input.telegram_url)
      throw badRequest(PERK_MSG.telegramUrlRequired, { telegram_url: [PERK_MSG.telegramUrlRequired] });
    set.telegramUrl = input.telegram_url;
    if (input.telegram_url !== current.telegramUrl) set.telegramChatId = await opts.resolveChat(input.telegram_url);
  }
  if (input.discount_code !== undefined) {
    wrongType('discount_code', type === 'discount_code');
    if (!input.discount_code)
      throw badRequest(PERK_MSG.discountCodeRequired, { discount_code: [PERK_MSG.discountCodeRequired] });
    set.discountCode = input.discount_code;
  }
  if (input.event_details !== undefined) {
    wrongType('event_details', type === 'event_invitation');
    if (!input.event_details)
      throw badRequest(PERK_MSG.eventDetailsRequired, { event_details: [PERK_MSG.eventDetailsRequired] });
    set.eventDetails = input.event_details;
  }
  if (input.exclusive_content !== undefined) {
    wrongType('exclusive_content', type === 'exclusive_content');
    checkExclusive(input.exclusive_content);
    set.exclusiveContent = cleanExclusive(input.exclusive_content);
    await checkExclusiveMedia(db, userId, set.exclusiveContent);
  }
  if (input.tags !== undefined) await checkTagIds(db, input.tags);

  await db.transaction(async (tx) => {
    if (input.max_participants !== undefined) {
      // Locked so a concurrent redemption cannot slip between the check and the change.
      const [locked] = await tx
        .select({ purchased: perks.purchasedCount })
        .from(perks)
        .where(eq(perks.id, perkId))
        .for('update');
      const purchased = locked?.purchased ?? 0;
      if (input.max_participants !== null && input.max_participants < purchased)
        throw badRequest(PERK_MSG.maxBelowPurchased(purchased), {
          max_participants: [PERK_MSG.maxBelowPurchased(purchased)],
        });
      set.maxParticipants = input.max_participants;
    }
    if (Object.keys(set).length) {
      set.updatedAt = new Date();
      await tx.update(perks).set(set).where(eq(perks.id, perkId));
    }
    if (input.tags !== undefined) {
      await tx.delete(perkTags).where(eq(perkTags.perkId, perkId));
      if (input.tags.length)
        await tx.insert(perkTags).values([...new Set(input.tags)].map((tagId) => ({ perkId, tagId })));
    }
    await recordEvent(tx, { type: 'perk.updated', payload: { perkId } });
  });
}

/** Deletes the perk; redemptions keep their delivered content (perk_id becomes null). */
export async function deletePerk(db: DbOrTx, perkId: string, userId: string): Promise<void> {
  await getOwnPerk(db, perkId, userId);
  await db.transaction(async (tx) => {
    await tx.delete(perks).where(eq(perks.id, perkId));
    await recordEvent(tx, { type: 'perk.deleted', payload: { perkId } });
  });
}

// ---------------------------------------------------------------------------------------------------------
// redemption

/** Why an active-looking perk cannot be redeemed now (shared by the pre-check and the in-transaction recheck). */
function refusal(p: PerkRow, now: Date): AppError | null {
  if (p.isHidden || p.status === 'hidden') return notFound(PERK_MSG.notFound);
  if (p.status !== 'active') return perkError(400, PerkErrorCode.inactive, PERK_MSG.notActive(p.status));
  if (p.deadline && p.deadline.getTime() <= now.getTime())
    return perkError(400, PerkErrorCode.expired, PERK_MSG.expired);
  if (p.maxParticipants !== null && p.purchasedCount >= p.maxParticipants)
    return perkError(409, PerkErrorCode.outOfStock, PERK_MSG.outOfStock);
  return null;
}

const alreadyRedeemed = () => conflict(PERK_MSG.alreadyRedeemed, PerkErrorCode.alreadyRedeemed);

/**
 * Redeems a perk in ONE database transaction: the stock is taken with a conditional update (so it can
 * never go past the maximum), the redemption row is inserted (the unique (perk, member) pair makes a
 * second one a 409), the cost moves through the ledger and the creator is notified. Any failure rolls
 * everything back. Returns the redemption id and transaction id; the caller delivers a single-use
 * invite link afterwards (outside the transaction).
 */
/** 409 `price_changed`: the member agreed to another price than the perk's current one; nothing is charged. */
export class PriceChangedError extends AppError {
  readonly costCents: number;
  constructor(costCents: number) {
    super(409, PerkErrorCode.priceChanged, PERK_MSG.priceChanged(costCents));
    this.costCents = costCents;
  }
}

export async function redeemPerk(
  db: DbOrTx,
  perkId: string,
  userId: string,
  now: Date,
  expectedCostCents?: number,
): Promise<{ redemptionId: string; transactionId: string; perk: PerkRow; balanceCents: number }> {
  // Fast refusals with the spec's messages, before taking any lock.
  const p = await getVisiblePerk(db, perkId);
  if (p.creatorId === userId) throw perkError(400, PerkErrorCode.creator, PERK_MSG.creatorCannotRedeem);
  if (expectedCostCents !== undefined && p.costAmount !== expectedCostCents) throw new PriceChangedError(p.costAmount);
  const [mine] = await db
    .select({ id: perkRedemptions.id })
    .from(perkRedemptions)
    .where(and(eq(perkRedemptions.perkId, perkId), eq(perkRedemptions.userId, userId)))
    .limit(1);
  if (mine) throw alreadyRedeemed();
  const refused = refusal(p, now);
  if (refused) throw refused;
  const memberWallet = await getMemberWallet(db, userId);
  if (memberWallet.balance < p.costAmount)
    throw perkError(400, PerkErrorCode.insufficientFunds, PERK_MSG.insufficient(p.costAmount, memberWallet.balance));

  return db.transaction(async (tx) => {
    const [taken] = await tx
      .update(perks)
      .set({ purchasedCount: sql`${perks.purchasedCount} + 1` })
      .where(
        and(
          eq(perks.id, perkId),
          eq(perks.status, 'active'),
          not(perks.isHidden),
          or(isNull(perks.deadline), gt(perks.deadline, now)),
          or(isNull(perks.maxParticipants), sql`${perks.purchasedCount} < ${perks.maxParticipants}`),
        ),
      )
      .returning();
    if (!taken) {
      const [again] = await tx.select().from(perks).where(eq(perks.id, perkId)).limit(1);
      if (!again) throw notFound(PERK_MSG.notFound);
      throw refusal(again, now) ?? perkError(409, PerkErrorCode.outOfStock, PERK_MSG.outOfStock);
    }
    // Under the perk's row lock: an edit of the price cannot slip between this check and the charge.
    if (expectedCostCents !== undefined && taken.costAmount !== expectedCostCents)
      throw new PriceChangedError(taken.costAmount);
    const [redemption] = await tx
      .insert(perkRedemptions)
      .values({ perkId, userId, perkTitle: taken.title, deliveredContent: snapshot(taken) })
      .onConflictDoNothing()
      .returning({ id: perkRedemptions.id });
    if (!redemption) throw alreadyRedeemed();

    const toWalletId = taken.creatorId ? (await getMemberWallet(tx, taken.creatorId)).id : await systemWalletId(tx);
    const [before] = await tx.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.id, memberWallet.id));
    const transactionId = await move(tx, {
      fromWalletId: memberWallet.id,
      toWalletId,
      amountCents: taken.costAmount,
      type: 'perk_redemption',
      description: `Redeemed "${taken.title}"`,
      related: { type: 'perk', id: perkId },
      insufficientMessage: PERK_MSG.insufficient(taken.costAmount, before?.balance ?? 0),
    });
    await tx.update(perkRedemptions).set({ transactionId }).where(eq(perkRedemptions.id, redemption.id));
    const [redeemer] = await tx
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        username: users.username,
        tgUsername: users.tgUsername,
      })
      .from(users)
      .where(eq(users.id, userId));
    await recordEvent(tx, {
      type: 'perk.redeemed',
      payload: {
        perkId,
        perkTitle: taken.title,
        redeemerId: userId,
        redeemerName: redeemer ? displayName(redeemer) : 'A member',
        creatorId: taken.creatorId,
        costCents: taken.costAmount,
        transactionId,
        limited: taken.maxParticipants !== null,
      },
    });
    const [after] = await tx.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.id, memberWallet.id));
    return { redemptionId: redemption.id, transactionId, perk: taken, balanceCents: after?.balance ?? 0 };
  });
}

/** Stores the single-use invite link made for this redemption (after the redemption committed). */
export async function storeDeliveredInvite(db: DbOrTx, redemptionId: string, inviteLink: string): Promise<void> {
  await db
    .update(perkRedemptions)
    .set({
      deliveredContent: sql`${perkRedemptions.deliveredContent} || ${JSON.stringify({ invite_link: inviteLink, single_use: true })}::jsonb`,
    })
    .where(eq(perkRedemptions.id, redemptionId));
}
