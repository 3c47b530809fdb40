import { z } from 'zod';
import { amountString, pageQuery } from './common.ts';
import { channelType, questType, questTypes } from './enums.ts';
import {
  blankToUndefined,
  deadlineString,
  descriptionText,
  jsonString,
  maxParticipantsNumber,
  optionalText,
  positiveAmount,
  tagIds,
  titleText,
} from './fields.ts';
import { questCard } from './home.ts';
import { LIMITS } from './limits.ts';
import { minLevelField, xpLevelState } from './leaderboard.ts';
import { QUEST_MSG } from './quest-messages.ts';
import { moderationState } from './staff-moderation.ts';
import { tag } from './tags.ts';

/** Quest (wire: task) requests and responses: docs/spec/01-signin-home-create.md §3, §5, §7 and docs/spec/02-explore-details-wallet-social.md §2–§8. */

export { QUEST_MSG } from './quest-messages.ts';

export const questTaskDetails = z.object({
  channel_type: channelType.optional(),
  invite_link: optionalText(500),
});

/**
 * `POST tasks/` (JSON, or multipart where every field is a string and `task_details`/`tags` are JSON
 * strings). Only the fields a creator may set: status, creator and counts are set by the server.
 */
export const createQuestRequest = z
  .object({
    title: titleText(QUEST_MSG, { error: QUEST_MSG.missingBasics }),
    description: descriptionText(QUEST_MSG, { error: QUEST_MSG.missingBasics }),
    reward_amount: z.preprocess(blankToUndefined, positiveAmount(QUEST_MSG.rewardPositive, 'Reward too large')),
    status: z.literal('published').optional(),
    // A required enum with its own message: `.optional().refine()` would never see the missing value.
    task_type: z.preprocess(
      blankToUndefined,
      z.enum(questTypes, {
        error: (issue) => (issue.input === undefined ? QUEST_MSG.taskTypeRequired : 'Unknown quest type'),
      }),
    ),
    max_participants: z.preprocess(blankToUndefined, maxParticipantsNumber(QUEST_MSG.maxParticipantsMin).optional()),
    deadline: z.preprocess(blankToUndefined, deadlineString(QUEST_MSG.deadlineInvalid).optional()),
    participation_requirements: optionalText(LIMITS.descriptionMax),
    completion_criteria: optionalText(LIMITS.descriptionMax),
    tags: tagIds,
    /** A URL returned by `POST media/upload/` (JSON creation); multipart creation sends the file as `media`. */
    media: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^\/media\/[\w./-]+$/, 'Media must be a URL returned by media/upload/')
        .optional(),
    ),
    channel_username: optionalText(64),
    channel_type: z.preprocess(blankToUndefined, channelType.optional()),
    invite_link: optionalText(500),
    task_details: z.preprocess(jsonString, questTaskDetails.optional()),
    bot_username: optionalText(64),
    social_platform: optionalText(100),
    hashtag: optionalText(100),
    video_id: optionalText(100),
    target_url: optionalText(2000),
    /** Members below this level may not take part (0: anyone). */
    min_level: minLevelField,
  })
  .superRefine((q, ctx) => {
    const need = (field: keyof typeof q, message: string) => {
      if (!q[field]) ctx.addIssue({ code: 'custom', path: [field], message });
    };
    switch (q.task_type) {
      case 'join': {
        need('channel_username', QUEST_MSG.channelRequired);
        const ct = q.task_details?.channel_type ?? q.channel_type;
        const link = q.task_details?.invite_link ?? q.invite_link;
        if (!ct) ctx.addIssue({ code: 'custom', path: ['channel_type'], message: QUEST_MSG.channelTypeRequired });
        if (ct?.startsWith('private_') && !link)
          ctx.addIssue({ code: 'custom', path: ['invite_link'], message: QUEST_MSG.inviteLinkRequired });
        if (q.channel_username && /\s/.test(q.channel_username))
          ctx.addIssue({ code: 'custom', path: ['channel_username'], message: QUEST_MSG.channelUsernameSpaces });
        break;
      }
      case 'start_bot':
        need('bot_username', QUEST_MSG.botUsernameRequired);
        break;
      case 'follow':
        need('social_platform', QUEST_MSG.instagramRequired);
        break;
      case 'post':
        need('hashtag', QUEST_MSG.hashtagRequired);
        break;
      case 'watch':
        need('video_id', QUEST_MSG.videoIdRequired);
        break;
      case 'visit':
        need('target_url', QUEST_MSG.targetUrlRequired);
        if (q.target_url && !/^https?:\/\/[^\s]+$/i.test(q.target_url))
          ctx.addIssue({ code: 'custom', path: ['target_url'], message: QUEST_MSG.targetUrlInvalid });
        break;
      default:
        break;
    }
  });
export type CreateQuestRequest = z.input<typeof createQuestRequest>;

/** In PATCH: `null` or '' clears an optional field; absent leaves it. */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? null : v), schema.nullable().optional());

/**
 * `PATCH tasks/{id}/`: what a creator may change (docs/product.md, "Editing a quest"). The type and its
 * fields (channel, bot, hashtag, video, link) are fixed once published; status and counts belong to the server.
 * The economic rules (reward, places, deadline once members joined) are the server's, with their messages.
 */
export const updateQuestRequest = z.strictObject({
  title: titleText(QUEST_MSG).optional(),
  description: descriptionText(QUEST_MSG).optional(),
  participation_requirements: clearable(z.string().trim().max(LIMITS.descriptionMax)),
  completion_criteria: clearable(z.string().trim().max(LIMITS.descriptionMax)),
  reward_amount: positiveAmount(QUEST_MSG.rewardPositive, 'Reward too large').optional(),
  max_participants: clearable(maxParticipantsNumber(QUEST_MSG.maxParticipantsMin)),
  deadline: clearable(deadlineString(QUEST_MSG.deadlineInvalid)),
  tags: z.array(z.uuid('Unknown tag')).max(10).optional(),
  /** A URL returned by `POST media/upload/`; `null` removes the cover. */
  media: clearable(z.string().regex(/^\/media\/[\w./-]+$/, 'Media must be a URL returned by media/upload/')),
  min_level: minLevelField,
});
export type UpdateQuestRequest = z.input<typeof updateQuestRequest>;

export const participationStatus = z.enum(['joined', 'pending', 'approved', 'rejected']);
export type ParticipationStatus = z.infer<typeof participationStatus>;

export const myParticipation = z.object({
  id: z.uuid(),
  verification_status: participationStatus,
  proof_text: z.string().nullable(),
  proof_image: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  joined_at: z.string(),
  submitted_at: z.string().nullable(),
  completion_date: z.string().nullable(),
  verified_date: z.string().nullable(),
});
export type MyParticipation = z.infer<typeof myParticipation>;

export const verificationMode = z.enum(['automatic', 'review']);

/** `GET tasks/{id}/` and the 201 of `POST tasks/`. */
export const questDetail = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  media: z.string().nullable(),
  tags: z.array(tag),
  reward_amount: amountString,
  creator: z.uuid().nullable(),
  creator_name: z.string(),
  creator_avatar: z.string().nullable(),
  status: z.string(),
  deadline: z.string().nullable(),
  max_participants: z.number().int().nullable(),
  current_participants: z.number().int(),
  participation_requirements: z.string(),
  completion_criteria: z.string(),
  task_type: questType,
  channel_username: z.string().nullable(),
  channel_type: channelType.nullable(),
  /** Only for participants and the creator. */
  invite_link: z.string().nullable(),
  bot_username: z.string().nullable(),
  /** Only for a participant of a start_bot quest on the product's own bot. */
  bot_start_link: z.string().nullable(),
  social_platform: z.string().nullable(),
  hashtag: z.string().nullable(),
  video_id: z.string().nullable(),
  target_url: z.string().nullable(),
  verification_mode: verificationMode,
  likes_count: z.number().int(),
  is_liked: z.boolean(),
  shares_count: z.number().int(),
  created_at: z.string(),
  is_creator: z.boolean(),
  my_participation: myParticipation.nullable(),
  /** Pending submissions, for the creator; 0 for everyone else. */
  pending_review_count: z.number().int(),
  /** Members below this level may not take part (0: anyone). */
  min_level: z.number().int(),
  /** The viewer's own XP and level, so a member below `min_level` is told how far they are before they try. */
  my_level: xpLevelState,
  /** Whether staff hid it (and why): set only for its owner, who alone still sees it; always sent by the server. */
  moderation: moderationState.optional(),
});
export type QuestDetail = z.infer<typeof questDetail>;

/** `GET tasks/my_tasks/`: the creator's own quest as a card, with whether staff hid it (and why). */
export const myQuestCard = questCard.extend({ moderation: moderationState });
export type MyQuestCard = z.infer<typeof myQuestCard>;

export const completionUser = z.object({
  id: z.uuid(),
  username: z.string().nullable(),
  display_name: z.string(),
  avatar: z.string().nullable(),
  /** The member's level (all-time XP), for the creator's review. */
  level: z.number().int(),
});

/** A participation as listed under `task-completions/`. */
export const questCompletion = z.object({
  id: z.uuid(),
  task: z.uuid(),
  task_title: z.string(),
  user: completionUser,
  verification_status: participationStatus,
  proof_text: z.string().nullable(),
  proof_image: z.string().nullable(),
  proof_data: z.record(z.string(), z.unknown()).nullable(),
  rejection_reason: z.string().nullable(),
  joined_at: z.string(),
  submitted_at: z.string().nullable(),
  completion_date: z.string().nullable(),
  verified_date: z.string().nullable(),
});
export type QuestCompletion = z.infer<typeof questCompletion>;

export const questOrderings = ['-created_at', 'created_at', '-reward_amount'] as const;

const csvOrArray = (v: unknown) =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : v === undefined
      ? undefined
      : v;

export const questListQuery = pageQuery.extend({
  search: z.string().trim().max(200).optional(),
  ordering: z.enum(questOrderings).default('-created_at'),
  /** Tag ids, comma-separated or repeated. */
  tags: z.preprocess(csvOrArray, z.array(z.uuid('Unknown tag')).max(20).optional()),
  task_type: questType.optional(),
});
export type QuestListQuery = z.infer<typeof questListQuery>;

export const completionListQuery = pageQuery.extend({
  task: z.uuid('Invalid ID format').optional(),
  status: participationStatus.optional(),
});

export const likeResponse = z.object({ liked: z.boolean(), likes_count: z.number().int() });
export const shareResponse = z.object({ shares_count: z.number().int() });
export const questStats = z.object({
  created: z.number().int(),
  participating: z.number().int(),
  completed: z.number().int(),
  pending_review: z.number().int(),
  total_earned: amountString,
});
export type QuestStats = z.infer<typeof questStats>;

/** `POST tasks/{id}/submit_proof/` as JSON (multipart sends the same names, `proof_image` as a file). */
export const submitProofRequest = z.object({
  proof_text: z.preprocess(blankToUndefined, z.string().trim().max(5000).optional()),
  proof_image: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\/media\/[\w./-]+$/, 'Proof image must be a URL returned by media/upload/')
      .optional(),
  ),
  proof_data: z.preprocess(jsonString, z.record(z.string(), z.unknown()).optional()),
});

export const rejectRequest = z.object({
  reason: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v) || undefined,
    z.string({ error: QUEST_MSG.rejectReasonRequired }).max(1000),
  ),
});
export const approveAllRequest = z.object({ task: z.uuid('Invalid ID format') });
export const approveAllResponse = z.object({
  approved: z.number().int(),
  failed: z.number().int(),
  detail: z.string(),
});

export const closeResponse = z.object({ detail: z.string(), status: z.string(), refunded_amount: amountString });

export const validateChannelRequest = z.object({
  channel_username: z
    .string({ error: QUEST_MSG.channelUsernameRequired })
    .transform((s) => s.trim())
    .refine((s) => !/\s/.test(s), QUEST_MSG.channelUsernameSpaces)
    .transform((s) => s.replace(/^@+/, ''))
    .refine((s) => s.length > 0, QUEST_MSG.channelUsernameRequired),
});
export const validateChannelResponse = z.object({
  valid: z.boolean(),
  message: z.string(),
  chat_title: z.string().optional(),
});

export const verifyMembershipRequest = z.object({ task_id: z.uuid('Invalid ID format') });
export const verifyMembershipResponse = z.object({
  is_member: z.boolean(),
  message: z.string(),
  verification_status: participationStatus.nullable(),
});
export type VerifyMembershipResponse = z.infer<typeof verifyMembershipResponse>;
