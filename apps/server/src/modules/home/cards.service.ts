import { and, eq, gt, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { centsToAmount, type PerkCard, type ProfileCard, type QuestCard, type Tag } from '@wyn/contract';
import { perks, profiles, quests, users } from '../../db/schema/index.ts';
import { displayName } from '../../lib/display-name.ts';

/**
 * Card shapes shared by every list that shows quests, perks or members (home, featured, top picks, and
 * later explore). Each card is read in ONE query: tags and completed quests come from correlated
 * subqueries aggregated to JSON, so a page of cards never costs a query per card.
 *
 * The perk selection names its columns one by one: the secret fields (telegram_url, discount_code,
 * event_details, exclusive_content) are never read here, so no card can leak them.
 */

// Raw, fully qualified references: drizzle leaves columns unqualified in single-table selects, which would
// bind to the inner table inside a correlated subquery.
const questIdRef = sql.raw('"quests"."id"');
const perkIdRef = sql.raw('"perks"."id"');
const userIdRef = sql.raw('"users"."id"');
const usernameRef = sql.raw('"users"."username"');

export const questTagsJson = sql<Tag[]>`coalesce((
  select json_agg(json_build_object('id', t.id, 'name', t.name) order by lower(t.name))
  from quest_tags qt join tags t on t.id = qt.tag_id where qt.quest_id = ${questIdRef}
), '[]'::json)`;

export const perkTagsJson = sql<Tag[]>`coalesce((
  select json_agg(json_build_object('id', t.id, 'name', t.name) order by lower(t.name))
  from perk_tags pt join tags t on t.id = pt.tag_id where pt.perk_id = ${perkIdRef}
), '[]'::json)`;

/** Whether the member made their profile private (no settings row: the default, public). */
export const privateProfileFlag = sql<boolean>`coalesce((
  select us.private_profile from user_settings us where us.user_id = ${userIdRef}
), false)`;

/** The member's latest approved completions of quests staff have not hidden, at most 5. */
export const completedTasksJson = sql<ProfileCard['completed_tasks']>`coalesce((
  select json_agg(json_build_object('id', c.id, 'task', c.quest_id, 'task_title', c.title, 'username', ${usernameRef}) order by c.done_at desc)
  from (
    select qc.id, qc.quest_id, q.title, coalesce(qc.verified_date, qc.created_at) as done_at
    from quest_completions qc join quests q on q.id = qc.quest_id
    where qc.user_id = ${userIdRef} and qc.verification_status = 'approved' and not q.is_hidden and not q.hidden_by_staff
    order by done_at desc limit 5
  ) c
), '[]'::json)`;

export const questCardColumns = {
  id: quests.id,
  title: quests.title,
  description: quests.description,
  rewardAmount: quests.rewardAmount,
  taskType: quests.taskType,
  status: quests.status,
  mediaUrl: quests.mediaUrl,
  creatorId: quests.creatorId,
  deadline: quests.deadline,
  maxParticipants: quests.maxParticipants,
  currentParticipants: quests.currentParticipants,
  createdAt: quests.createdAt,
  tags: questTagsJson,
};

export const perkCardColumns = {
  id: perks.id,
  title: perks.title,
  description: perks.description,
  costAmount: perks.costAmount,
  perkType: perks.perkType,
  status: perks.status,
  mediaUrl: perks.mediaUrl,
  creatorId: perks.creatorId,
  deadline: perks.deadline,
  maxParticipants: perks.maxParticipants,
  purchasedCount: perks.purchasedCount,
  createdAt: perks.createdAt,
  tags: perkTagsJson,
};

/** Select from `users` inner-joined with `profiles` on the same id. */
export const profileCardColumns = {
  id: profiles.id,
  userId: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  tgUsername: users.tgUsername,
  telegramPhotoUrl: users.telegramPhotoUrl,
  avatar: profiles.avatar,
  isBusiness: profiles.isBusiness,
  bio: profiles.bio,
  followersCount: profiles.followersCount,
  followingCount: profiles.followingCount,
  questsCompletedCount: profiles.questsCompletedCount,
  dateJoined: users.dateJoined,
  completedTasks: completedTasksJson,
  privateProfile: privateProfileFlag,
};

/** Published, not archived, not hidden by staff, and not past its deadline: a quest a member can still join. */
export const visibleQuest = (now: Date): SQL =>
  and(
    eq(quests.status, 'published'),
    not(quests.isHidden),
    not(quests.hiddenByStaff),
    or(isNull(quests.deadline), gt(quests.deadline, now)),
  )!;
/** Active, not archived and not hidden by staff. */
export const visiblePerk = (): SQL => and(eq(perks.status, 'active'), not(perks.isHidden), not(perks.hiddenByStaff))!;
/** Active, not hidden and not hidden by staff. */
export const visibleUser = (): SQL => and(eq(users.isActive, true), not(users.isHidden), not(users.hiddenByStaff))!;

export type QuestCardRow = SelectResultFields<typeof questCardColumns>;
export type PerkCardRow = SelectResultFields<typeof perkCardColumns>;
export type ProfileCardRow = SelectResultFields<typeof profileCardColumns>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toQuestCard(r: QuestCardRow): QuestCard {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    reward_amount: centsToAmount(r.rewardAmount),
    task_type: r.taskType,
    status: r.status,
    media: r.mediaUrl,
    tags: r.tags,
    creator: r.creatorId,
    deadline: iso(r.deadline),
    max_participants: r.maxParticipants,
    current_participants: r.currentParticipants,
    created_at: r.createdAt.toISOString(),
  };
}

export function toPerkCard(r: PerkCardRow): PerkCard {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    cost_amount: centsToAmount(r.costAmount),
    perk_type: r.perkType,
    status: r.status,
    media: r.mediaUrl,
    tags: r.tags,
    creator: r.creatorId,
    deadline: iso(r.deadline),
    max_participants: r.maxParticipants,
    purchased_count: r.purchasedCount,
    created_at: r.createdAt.toISOString(),
  };
}

export function toProfileCard(r: ProfileCardRow): ProfileCard {
  return {
    id: r.id,
    user: r.userId,
    username: r.username,
    display_name: displayName({
      id: r.userId,
      firstName: r.firstName,
      lastName: r.lastName,
      username: r.username,
      tgUsername: r.tgUsername,
    }),
    avatar: r.avatar,
    telegram_photo_url: r.telegramPhotoUrl,
    is_business: r.isBusiness,
    // A private profile shows others its name, avatar and counts only (as profiles/{id}/ does).
    bio: r.privateProfile ? '' : r.bio,
    followers_count: r.followersCount,
    following_count: r.followingCount,
    quests_completed_count: r.questsCompletedCount,
    completed_tasks: r.privateProfile ? [] : r.completedTasks,
  };
}
