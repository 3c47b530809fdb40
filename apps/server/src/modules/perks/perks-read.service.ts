import { and, asc, count, desc, eq, ilike, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import {
  centsToAmount,
  PERK_MSG,
  type MyPerk,
  type MyRedemption,
  type PerkCard,
  type PerkContent,
  type PerkDetail,
  type PerkListQuery,
  type PerkPurchaser,
  type PageQuery,
} from '@wyn/contract';
import type { DbOrTx } from '../../db/client.ts';
import { perkRedemptions, perks, perkTags, profiles, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { iso } from '../../lib/dates.ts';
import { pageWindow } from '../../lib/pagination.ts';
import { preparedPerDb } from '../../lib/prepared.ts';
import { creatorName, memberSummary } from '../../lib/display-name.ts';
import type { PrivateMediaLinks } from '../../lib/private-media-links.ts';
import { perkCardColumns, perkTagsJson, toPerkCard } from '../home/cards.service.ts';
import { escapeLike } from '../tags/tags.service.ts';
import { viewerXpColumn } from '../engagement/leaderboard.service.ts';
import { xpLevel } from '../engagement/xp.service.ts';
import { getOwnPerk } from './perk-rows.service.ts';
import {
  creatorContent,
  hasMediaIssue,
  presentContent,
  presentExclusive,
  redeemerContent,
} from './perk-content.service.ts';

/** Perks as members read them: the detail screen, the content, the lists, purchasers and redemptions. */

/**
 * The perk detail's select (the perk, its tags and creator, the viewer's redemption and XP), with `extra` columns
 * read in the same statement (the redemption reads the redeemer's wallet with it).
 */
export const perkDetailSelect = <E extends Record<string, SQL.Aliased | SQL>>(db: DbOrTx, extra: E) =>
  db
    .select({
      ...extra,
      perk: perks,
      tags: perkTagsJson,
      creatorFirst: users.firstName,
      creatorLast: users.lastName,
      creatorUsername: users.username,
      creatorTg: users.tgUsername,
      creatorPhoto: users.telegramPhotoUrl,
      creatorAvatar: profiles.avatar,
      redemptionAt: perkRedemptions.redeemedAt,
      delivered: perkRedemptions.deliveredContent,
      // The viewer's level, so a member below `min_level` is told before they try.
      viewerXp: viewerXpColumn(sql.placeholder('viewer')),
    })
    .from(perks)
    .leftJoin(users, eq(users.id, perks.creatorId))
    .leftJoin(profiles, eq(profiles.id, perks.creatorId))
    .leftJoin(
      perkRedemptions,
      and(eq(perkRedemptions.perkId, perks.id), eq(perkRedemptions.userId, sql.placeholder('viewer'))),
    )
    .where(eq(perks.id, sql.placeholder('id')))
    .limit(1);

const perkDetailQuery = preparedPerDb((db) => perkDetailSelect(db, {}).prepare('perk_detail'));

/** The row a perk's detail is made from: the perk, its tags and creator, and the viewer's redemption and XP. */
export type PerkDetailRow = Awaited<ReturnType<ReturnType<typeof perkDetailQuery>['execute']>>[number];

export async function perkDetailRow(db: DbOrTx, id: string, viewerId: string): Promise<PerkDetailRow | undefined> {
  const [row] = await perkDetailQuery(db).execute({ id, viewer: viewerId });
  return row;
}

export async function perkDetail(
  db: DbOrTx,
  id: string,
  viewerId: string,
  links: PrivateMediaLinks,
): Promise<PerkDetail> {
  return toPerkDetail(await perkDetailRow(db, id, viewerId), viewerId, links);
}

/** A perk's detail as `viewerId` sees it, from its row (404 when it is not for them to see). */
export function toPerkDetail(row: PerkDetailRow | undefined, viewerId: string, links: PrivateMediaLinks): PerkDetail {
  if (!row || row.perk.isHidden || row.perk.status === 'hidden') throw notFound(PERK_MSG.notFound);
  const p = row.perk;
  const isCreator = p.creatorId === viewerId;
  // Hidden by staff: gone for everyone but its creator, who sees it marked (issue #15 item 4).
  if (p.hiddenByStaff && !isCreator) throw notFound(PERK_MSG.notFound);
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
    creator_avatar: p.creatorId ? (row.creatorAvatar ?? row.creatorPhoto ?? null) : null,
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
    min_level: p.minLevel,
    my_level: xpLevel(row.viewerXp ?? 0),
    moderation: isCreator ? { hidden: p.hiddenByStaff, reason: p.hiddenReason } : { hidden: false, reason: null },
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
  const where = and(eq(perks.status, 'active'), not(perks.isHidden), not(perks.hiddenByStaff), ...listFilters(q))!;
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

/**
 * `GET perks/my_perks/`: the caller's perks in every state except archived ones; a perk hidden by staff stays,
 * marked with the reason (issue #15 item 4).
 */
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
        hiddenByStaff: perks.hiddenByStaff,
        hiddenReason: perks.hiddenReason,
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
      moderation: { hidden: r.hiddenByStaff, reason: r.hiddenReason },
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
