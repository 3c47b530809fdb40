import { eq } from 'drizzle-orm';
import { PERK_MSG, centsToAmount, type PerkDuplicate } from '@wyn/contract';
import type { DbOrTx } from '../../db/client.ts';
import { perkTags } from '../../db/schema/index.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { DUPLICATE_MSG } from '../quests/quest-duplicate.service.ts';
import { getPerkRow } from './perk-rows.service.ts';

const some = <K extends string, V>(key: K, v: V | null | undefined | '') =>
  (v === null || v === undefined || v === '' ? {} : { [key]: v }) as Partial<Record<K, V>>;

/**
 * `GET perks/{id}/duplicate/` (issue #15 item 12): the creator's own perk as a `POST perks/` body, its delivered
 * content included (only its creator ever gets this). Nothing is stored, as for quests (docs/product.md).
 */
export async function perkDuplicate(db: DbOrTx, perkId: string, userId: string, now: Date): Promise<PerkDuplicate> {
  const p = await getPerkRow(db, perkId);
  if (p.creatorId !== userId) {
    if (p.isHidden || p.hiddenByStaff || p.status === 'hidden') throw notFound(PERK_MSG.notFound);
    throw forbidden();
  }
  if (p.isHidden || p.status === 'hidden') throw notFound(PERK_MSG.notFound);
  if (p.hiddenByStaff) throw conflict(DUPLICATE_MSG.hiddenByStaff);
  const tags = await db.select({ id: perkTags.tagId }).from(perkTags).where(eq(perkTags.perkId, p.id));
  return {
    title: p.title,
    description: p.description,
    cost_amount: centsToAmount(p.costAmount),
    perk_type: p.perkType,
    // A perk may have a limit of 0 (sold out by its creator); the copy starts without one then.
    ...(p.maxParticipants ? { max_participants: p.maxParticipants } : {}),
    ...(p.minLevel > 0 ? { min_level: p.minLevel } : {}),
    ...(p.deadline && p.deadline > now ? { deadline: p.deadline.toISOString() } : {}),
    ...some('purchase_requirements', p.purchaseRequirements),
    ...some('terms_and_conditions', p.termsAndConditions),
    tags: tags.map((t) => t.id),
    ...some('media', p.mediaUrl),
    ...some('telegram_url', p.telegramUrl),
    ...some('discount_code', p.discountCode),
    ...some('event_details', p.eventDetails),
    ...some('exclusive_content', p.exclusiveContent),
  };
}
