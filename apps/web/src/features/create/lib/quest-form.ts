import { LIMITS, type CreateQuestRequest, type QuestType } from '@wyn/contract';

export type CreateKind = 'quest' | 'perk';
export type ChannelType = 'public_channel' | 'private_channel' | 'public_group' | 'private_group';

export const CHANNEL_TYPES: { value: ChannelType; label: string }[] = [
  { value: 'public_channel', label: 'Public channel' },
  { value: 'private_channel', label: 'Private channel' },
  { value: 'public_group', label: 'Public group' },
  { value: 'private_group', label: 'Private group' },
];

export const isPrivateChannelType = (t: ChannelType | '') => t === 'private_channel' || t === 'private_group';

export interface TagRef {
  id: string;
  name: string;
}

export interface QuestForm {
  task_type: QuestType | '';
  channel_username: string;
  channel_type: ChannelType | '';
  invite_link: string;
  bot_username: string;
  social_platform: string;
  hashtag: string;
  video_id: string;
  target_url: string;
  title: string;
  description: string;
  reward_amount: string;
  /** datetime-local value ("2026-06-01T12:00"), empty for none. */
  deadline: string;
  /** Empty means unlimited. */
  max_participants: string;
  participation_requirements: string;
  completion_criteria: string;
  tags: TagRef[];
}

export const emptyQuestForm: QuestForm = {
  task_type: '',
  channel_username: '',
  channel_type: 'public_channel',
  invite_link: '',
  bot_username: '',
  social_platform: '',
  hashtag: '',
  video_id: '',
  target_url: '',
  title: '',
  description: '',
  reward_amount: '',
  deadline: '',
  max_participants: '',
  participation_requirements: '',
  completion_criteria: '',
  tags: [],
};

/**
 * The wizard's sentences. Where the server says the same thing they equal the contract's QUEST_MSG (a test checks
 * it); they are copied rather than imported because the contract's quest module builds zod schemas on load.
 */
export const WIZARD_MSG = {
  fillRequired: 'Please fill in all required fields',
  questTypeRequired: 'Quest type is required',
  channelRequired: 'Telegram channel username is required',
  channelUsernameRequired: 'Channel username is required',
  channelNoSpaces: 'Channel username cannot contain spaces',
  channelTypeRequired: 'Channel type is required',
  inviteLinkRequired: 'Invite link is required for private channels/groups',
  inviteLinkInvalid: 'Invite link must be an http(s) address',
  botRequired: 'Telegram bot username is required',
  instagramRequired: 'Instagram handle is required',
  hashtagRequired: 'Hashtag is required',
  videoRequired: 'YouTube video ID is required',
  urlRequired: 'Target URL is required',
  urlInvalid: 'Target URL must be an http(s) address',
  titleRequired: 'Title is required',
  titleMin: `Title must be at least ${LIMITS.titleMinStep2} characters`,
  titleMinFinal: `Title must be at least ${LIMITS.titleMinFinal} characters`,
  descriptionRequired: 'Description is required',
  descriptionMin: `Description must be at least ${LIMITS.descriptionMin} characters`,
  rewardRequired: 'Reward amount is required',
  rewardPositive: 'Reward amount must be greater than zero',
  deadlinePast: 'Deadline cannot be in the past',
  maxParticipantsMin: 'Max participants must be at least 1',
  missingBasics: 'Please fill in Title, Description, and Reward Amount.',
  botAccessRequired: 'Bot access must be verified before creating the quest',
  authRequired: 'Authentication required. Please log in again.',
  created: 'Quest created successfully!',
  createFailed: 'Failed to create quest. Please try again.',
} as const;

export type FieldErrors = Partial<Record<keyof QuestForm, string>>;

export interface StepResult {
  ok: boolean;
  /** The summary for the toast/alert ('Please fill in all required fields' when a field is missing). */
  message: string | null;
  errors: FieldErrors;
}

function result(errors: FieldErrors, summary?: string): StepResult {
  const keys = Object.keys(errors) as (keyof QuestForm)[];
  if (keys.length === 0) return { ok: true, message: null, errors };
  return { ok: false, message: summary ?? errors[keys[0]!] ?? WIZARD_MSG.fillRequired, errors };
}

/** Channel username rules (docs/spec/01-signin-home-create.md §5): required, no spaces, content beyond "@" and whitespace. */
export function validateChannelUsername(value: string): string | null {
  if (!value.trim()) return WIZARD_MSG.channelUsernameRequired;
  if (/\s/.test(value.trim())) return WIZARD_MSG.channelNoSpaces;
  if (!value.trim().replace(/^@+/, '').trim()) return WIZARD_MSG.channelUsernameRequired;
  return null;
}

/** "@wyn_club " → "wyn_club". */
export function normalizeChannelUsername(value: string): string {
  return value.trim().replace(/^@+/, '');
}

export function isHttpLink(value: string): boolean {
  try {
    const u = new URL(value.trim());
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The type fields of one quest type; messages of docs/spec/01-signin-home-create.md §5 "Wizard step 1". */
function typeFieldErrors(form: QuestForm): FieldErrors {
  const errors: FieldErrors = {};
  switch (form.task_type) {
    case 'join': {
      if (!form.channel_username.trim()) errors.channel_username = WIZARD_MSG.channelRequired;
      else {
        const e = validateChannelUsername(form.channel_username);
        if (e) errors.channel_username = e;
      }
      if (!form.channel_type) errors.channel_type = WIZARD_MSG.channelTypeRequired;
      else if (isPrivateChannelType(form.channel_type) && !form.invite_link.trim())
        errors.invite_link = WIZARD_MSG.inviteLinkRequired;
      else if (isPrivateChannelType(form.channel_type) && !isHttpLink(form.invite_link))
        errors.invite_link = WIZARD_MSG.inviteLinkInvalid;
      break;
    }
    case 'start_bot':
      if (!form.bot_username.trim().replace(/^@+/, '')) errors.bot_username = WIZARD_MSG.botRequired;
      break;
    case 'follow':
      if (!form.social_platform.trim().replace(/^@+/, '')) errors.social_platform = WIZARD_MSG.instagramRequired;
      break;
    case 'post':
      if (!form.hashtag.trim().replace(/^#+/, '')) errors.hashtag = WIZARD_MSG.hashtagRequired;
      break;
    case 'watch':
      if (!form.video_id.trim()) errors.video_id = WIZARD_MSG.videoRequired;
      break;
    case 'visit':
      if (!form.target_url.trim()) errors.target_url = WIZARD_MSG.urlRequired;
      else if (!isHttpLink(form.target_url)) errors.target_url = WIZARD_MSG.urlInvalid;
      break;
    default:
      break;
  }
  return errors;
}

/** Next on step 1. */
export function validateStep1(form: QuestForm): StepResult {
  if (!form.task_type) return result({ task_type: WIZARD_MSG.questTypeRequired }, WIZARD_MSG.fillRequired);
  const errors = typeFieldErrors(form);
  return result(errors, Object.keys(errors).length ? WIZARD_MSG.fillRequired : undefined);
}

function parseAmount(v: string): number {
  return v.trim() === '' ? NaN : Number(v);
}

/** datetime-local → epoch ms (NaN when empty or invalid). */
export function parseDeadline(v: string): number {
  return v ? new Date(v).getTime() : NaN;
}

/** Next on step 2 (docs/spec/01-signin-home-create.md §5 "Wizard step 2"). */
export function validateStep2(form: QuestForm, now: number = Date.now()): StepResult {
  const errors: FieldErrors = {};
  const title = form.title.trim();
  if (!title) errors.title = WIZARD_MSG.titleRequired;
  else if (title.length < LIMITS.titleMinStep2) errors.title = WIZARD_MSG.titleMin;
  const description = form.description.trim();
  if (!description) errors.description = WIZARD_MSG.descriptionRequired;
  else if (description.length < LIMITS.descriptionMin) errors.description = WIZARD_MSG.descriptionMin;
  if (form.reward_amount.trim() === '') errors.reward_amount = WIZARD_MSG.rewardRequired;
  else {
    const amount = parseAmount(form.reward_amount);
    if (!Number.isFinite(amount) || amount <= 0) errors.reward_amount = WIZARD_MSG.rewardPositive;
  }
  if (form.deadline) {
    const t = parseDeadline(form.deadline);
    if (!Number.isFinite(t) || t < now) errors.deadline = WIZARD_MSG.deadlinePast;
  }
  if (form.max_participants.trim() !== '') {
    const n = Number(form.max_participants);
    if (!Number.isInteger(n) || n < 1) errors.max_participants = WIZARD_MSG.maxParticipantsMin;
  }
  return result(errors);
}

/** The check on submit (docs/spec/01-signin-home-create.md §5 "Final check"): returns the first problem, or null. */
export function finalCheck(form: QuestForm, botAccessVerified: boolean): string | null {
  const title = form.title.trim();
  const description = form.description.trim();
  const amount = parseAmount(form.reward_amount);
  if (!title || !description || form.reward_amount.trim() === '') return WIZARD_MSG.missingBasics;
  if (title.length < LIMITS.titleMinFinal) return WIZARD_MSG.titleMinFinal;
  if (description.length < LIMITS.descriptionMin) return WIZARD_MSG.descriptionMin;
  if (!Number.isFinite(amount) || amount <= 0) return WIZARD_MSG.rewardPositive;
  if (!form.task_type) return WIZARD_MSG.questTypeRequired;
  const typeErrors = typeFieldErrors(form);
  const first = Object.values(typeErrors)[0];
  if (first) return first === WIZARD_MSG.channelRequired ? WIZARD_MSG.channelUsernameRequired : first;
  if (form.task_type === 'join' && !botAccessVerified) return WIZARD_MSG.botAccessRequired;
  return null;
}

/** reward × max participants, escrowed at creation; null when unlimited. */
export function escrowAmount(form: Pick<QuestForm, 'reward_amount' | 'max_participants'>): number | null {
  const reward = Number(form.reward_amount);
  const max = Number(form.max_participants);
  if (!form.max_participants.trim() || !Number.isFinite(reward) || !Number.isInteger(max)) return null;
  return Math.round(reward * 100 * max) / 100;
}

/** The JSON body of POST tasks/; `media` is the URL returned by media/upload/. */
export interface CreateQuestPayload extends CreateQuestRequest {
  reward_amount: string;
  status: 'published';
  task_type: QuestType;
  tags: string[];
  task_details?: { channel_type: ChannelType; invite_link?: string };
}

/** The JSON body of POST tasks/ (call after finalCheck passed). */
export function buildQuestPayload(form: QuestForm, mediaUrl: string | null): CreateQuestPayload {
  const type = form.task_type as QuestType;
  const payload: CreateQuestPayload = {
    title: form.title.trim(),
    description: form.description.trim(),
    reward_amount: Number(form.reward_amount).toFixed(2),
    status: 'published',
    task_type: type,
    tags: form.tags.map((t) => t.id),
  };
  if (form.max_participants.trim()) payload.max_participants = Number(form.max_participants);
  if (form.deadline) payload.deadline = new Date(form.deadline).toISOString();
  if (form.participation_requirements.trim())
    payload.participation_requirements = form.participation_requirements.trim();
  if (form.completion_criteria.trim()) payload.completion_criteria = form.completion_criteria.trim();
  if (mediaUrl) payload.media = mediaUrl;
  switch (type) {
    case 'join': {
      const channelType = form.channel_type || 'public_channel';
      payload.channel_username = normalizeChannelUsername(form.channel_username);
      payload.task_details = isPrivateChannelType(channelType)
        ? { channel_type: channelType, invite_link: form.invite_link.trim() }
        : { channel_type: channelType };
      break;
    }
    case 'start_bot':
      payload.bot_username = form.bot_username.trim().replace(/^@+/, '');
      break;
    case 'follow':
      payload.social_platform = form.social_platform.trim();
      break;
    case 'post':
      payload.hashtag = form.hashtag.trim();
      break;
    case 'watch':
      payload.video_id = form.video_id.trim();
      break;
    case 'visit':
      payload.target_url = form.target_url.trim();
      break;
    default:
      break;
  }
  return payload;
}
