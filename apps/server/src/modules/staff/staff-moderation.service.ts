import { and, eq, inArray } from 'drizzle-orm';
import { MODERATION_MSG, type ModerationResponse, type ModerationTargetType } from '@wyn/contract';
import type { DbOrTx } from '../../db/client.ts';
import { messages, perks, profiles, quests, reports, users } from '../../db/schema/index.ts';
import { recordEvent } from '../../events/outbox.ts';
import { displayName } from '../../lib/display-name.ts';
import { notFound } from '../../lib/errors.ts';
import { recordStaffAction } from './audit.service.ts';

/**
 * Staff moderation (issue #15 item 4): `hidden_by_staff` + `hidden_reason` on the quest, perk, member (profile)
 * or message row. The read paths (cards.service visible*, quest/perk/profile details, lists, chats) leave hidden
 * content out for everyone but its owner; a hidden quest takes no new joins, a hidden perk no new redemptions.
 * Money already moved is not touched. `content.moderated` tells the home cache after commit.
 */

/** The columns moderation reads and writes, per target type; `owner` is the creator, the member, the sender. */
const TABLES = {
  quest: { table: quests, id: quests.id, owner: quests.creatorId },
  perk: { table: perks, id: perks.id, owner: perks.creatorId },
  profile: { table: users, id: users.id, owner: users.id },
  message: { table: messages, id: messages.id, owner: messages.senderId },
} as const;

type ModerationRow = { hiddenByStaff: boolean; hiddenReason: string | null; ownerId: string | null };

/** The target's moderation state, its row locked (so two staff actions on one item queue); 404 when missing. */
async function lockTarget(tx: DbOrTx, type: ModerationTargetType, id: string): Promise<ModerationRow> {
  const t = TABLES[type];
  const [row] = await tx
    .select({ hiddenByStaff: t.table.hiddenByStaff, hiddenReason: t.table.hiddenReason, ownerId: t.owner })
    .from(t.table)
    .where(eq(t.id, id))
    .limit(1)
    .for('update');
  if (!row) throw notFound(MODERATION_MSG.targetNotFound);
  return row;
}

export type ModerationInput = {
  targetType: ModerationTargetType;
  targetId: string;
  action: 'hide' | 'unhide';
  reason: string;
};

/**
 * Hides or unhides one item inside the caller's transaction and writes its one audit entry (`quest.hide`, …).
 * Hiding resolves every open report on the item. `extra` goes into the audit entry's `after` (e.g. the report
 * that led to it).
 */
export async function applyModeration(
  tx: DbOrTx,
  actorId: string,
  input: ModerationInput,
  now: Date,
  extra: Record<string, unknown> = {},
): Promise<ModerationResponse> {
  const { targetType, targetId, action } = input;
  const before = await lockTarget(tx, targetType, targetId);
  const hidden = action === 'hide';
  const reason = hidden ? input.reason : null;
  const t = TABLES[targetType];
  await tx.update(t.table).set({ hiddenByStaff: hidden, hiddenReason: reason }).where(eq(t.id, targetId));
  let resolved = 0;
  if (hidden) {
    const rows = await tx
      .update(reports)
      .set({
        status: 'resolved',
        resolutionAction: 'hide',
        resolutionNote: input.reason,
        resolvedById: actorId,
        resolvedAt: now,
      })
      .where(and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, 'open')))
      .returning({ id: reports.id });
    resolved = rows.length;
  }
  await recordStaffAction(tx, {
    actorId,
    action: `${targetType}.${action}`,
    targetType,
    targetId,
    before: { hidden_by_staff: before.hiddenByStaff, hidden_reason: before.hiddenReason },
    after: { hidden_by_staff: hidden, hidden_reason: reason, resolved_reports: resolved, ...extra },
  });
  await recordEvent(tx, { type: 'content.moderated', payload: { targetType, targetId, hidden } });
  return {
    detail: hidden ? MODERATION_MSG.hidden : MODERATION_MSG.unhidden,
    target_type: targetType,
    target_id: targetId,
    hidden,
    reason,
    resolved_reports: resolved,
  };
}

/** `POST staff/moderation/`. */
export function moderate(db: DbOrTx, actorId: string, input: ModerationInput, now: Date) {
  return db.transaction((tx) => applyModeration(tx, actorId, input, now));
}

export type TargetPreview = {
  exists: boolean;
  preview: string;
  hidden_by_staff: boolean;
  hidden_reason: string | null;
  owner: { id: string; username: string | null; name: string } | null;
};

const PREVIEW_CHARS = 120;
const clip = (s: string) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS - 1).trimEnd()}…` : flat;
};

const MISSING: TargetPreview = { exists: false, preview: '', hidden_by_staff: false, hidden_reason: null, owner: null };

/** What the console shows of each target (title, name, the start of a message), one query per target type. */
export async function targetPreviews(
  db: DbOrTx,
  targets: Array<{ targetType: ModerationTargetType; targetId: string }>,
): Promise<(t: { targetType: ModerationTargetType; targetId: string }) => TargetPreview> {
  const idsOf = (type: ModerationTargetType) => [
    ...new Set(targets.filter((t) => t.targetType === type).map((t) => t.targetId)),
  ];
  const owners = new Map<string, TargetPreview['owner']>();
  const found = new Map<string, Omit<TargetPreview, 'owner' | 'exists'> & { ownerId: string | null }>();
  const key = (type: string, id: string) => `${type}:${id}`;

  const questIds = idsOf('quest');
  const perkIds = idsOf('perk');
  const profileIds = idsOf('profile');
  const messageIds = idsOf('message');
  const [qs, ps, us, ms] = await Promise.all([
    questIds.length
      ? db
          .select({
            id: quests.id,
            text: quests.title,
            h: quests.hiddenByStaff,
            r: quests.hiddenReason,
            o: quests.creatorId,
          })
          .from(quests)
          .where(inArray(quests.id, questIds))
      : [],
    perkIds.length
      ? db
          .select({
            id: perks.id,
            text: perks.title,
            h: perks.hiddenByStaff,
            r: perks.hiddenReason,
            o: perks.creatorId,
          })
          .from(perks)
          .where(inArray(perks.id, perkIds))
      : [],
    profileIds.length
      ? db
          .select({ id: users.id, h: users.hiddenByStaff, r: users.hiddenReason, bio: profiles.bio })
          .from(users)
          .leftJoin(profiles, eq(profiles.id, users.id))
          .where(inArray(users.id, profileIds))
      : [],
    messageIds.length
      ? db
          .select({
            id: messages.id,
            text: messages.content,
            h: messages.hiddenByStaff,
            r: messages.hiddenReason,
            o: messages.senderId,
          })
          .from(messages)
          .where(inArray(messages.id, messageIds))
      : [],
  ]);
  for (const r of qs)
    found.set(key('quest', r.id), { preview: clip(r.text), hidden_by_staff: r.h, hidden_reason: r.r, ownerId: r.o });
  for (const r of ps)
    found.set(key('perk', r.id), { preview: clip(r.text), hidden_by_staff: r.h, hidden_reason: r.r, ownerId: r.o });
  for (const r of ms)
    found.set(key('message', r.id), { preview: clip(r.text), hidden_by_staff: r.h, hidden_reason: r.r, ownerId: r.o });
  for (const r of us)
    found.set(key('profile', r.id), { preview: r.bio ?? '', hidden_by_staff: r.h, hidden_reason: r.r, ownerId: r.id });

  const ownerIds = [...new Set([...found.values()].map((f) => f.ownerId).filter((v): v is string => !!v))];
  if (ownerIds.length) {
    const rows = await db.select().from(users).where(inArray(users.id, ownerIds));
    for (const u of rows) owners.set(u.id, { id: u.id, username: u.username, name: displayName(u) });
  }
  return ({ targetType, targetId }) => {
    const f = found.get(key(targetType, targetId));
    if (!f) return MISSING;
    const owner = f.ownerId ? (owners.get(f.ownerId) ?? null) : null;
    // A profile's preview is the member's name (and the start of their bio).
    const preview =
      targetType === 'profile'
        ? clip(f.preview ? `${owner?.name ?? ''} — ${f.preview}` : (owner?.name ?? ''))
        : f.preview;
    return { exists: true, preview, hidden_by_staff: f.hidden_by_staff, hidden_reason: f.hidden_reason, owner };
  };
}
