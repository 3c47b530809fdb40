import { eq } from 'drizzle-orm';
import { MEDIA_ALLOWED_TYPES, PERK_MSG, type CreatePerkInput } from '@wyn/contract';
import type { DbOrTx } from '../../db/client.ts';
import { perks, perkTags } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { futureDeadline } from '../../lib/dates.ts';
import type { MediaStorage } from '../../integrations/media-storage.ts';
import type { UploadedFile } from '../../lib/multipart-body.ts';
import { storeMedia } from '../media/media.service.ts';
import { recordEvent } from '../../events/outbox.ts';
import { checkTagIds } from '../tags/tags.service.ts';
import { getOwnPerk, toCents, type UpdatePerkInput } from './perk-rows.service.ts';
import { checkExclusive, checkExclusiveMedia, cleanExclusive } from './perk-content.service.ts';

/** A perk's life: created (with its uploaded files), changed by its creator, deleted. */

const checkDeadline = (deadline: string | null | undefined, now: Date) =>
  futureDeadline(deadline, now, PERK_MSG.deadlinePast);

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
        minLevel: input.min_level ?? 0,
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
  if (input.min_level !== undefined) set.minLevel = input.min_level;
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
