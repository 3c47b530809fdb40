import {
  LIMITS,
  QUEST_MSG,
  type ChannelType,
  type CreateQuestRequest,
  type QuestDetail,
  type QuestType,
  type UpdateQuestRequest,
} from '@wyn/contract';
import { minLevelError, minLevelInput, minLevelValue } from './min-level';

export type CreateKind = 'quest' | 'perk';

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
  /** Members below this level may not take part; empty for anyone. */
  min_level: string;
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
  min_level: '',
  participation_requirements: '',
  completion_criteria: '',
  tags: [],
};

/** The wizard's own sentences; where the server says the same thing the wizard uses the contract's QUEST_MSG. */
export const WIZARD_MSG = {
  inviteLinkInvalid: 'Invite link must be an http(s) address',
  titleRequired: 'Title is required',
  titleMin: `Title must be at least ${LIMITS.titleMinStep2} characters`,
  descriptionRequired: 'Description is required',
  rewardRequired: 'Reward amount is required',
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
  return { ok: false, message: summary ?? errors[keys[0]!] ?? QUEST_MSG.fillRequired, errors };
}

/** Channel username rules (docs/spec/01-signin-home-create.md §5): required, no spaces, content beyond "@" and whitespace. */
export function validateChannelUsername(value: string): string | null {
  if (!value.trim()) return QUEST_MSG.channelUsernameRequired;
  if (/\s/.test(value.trim())) return QUEST_MSG.channelUsernameSpaces;
  if (!value.trim().replace(/^@+/, '').trim()) return QUEST_MSG.channelUsernameRequired;
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
      if (!form.channel_username.trim()) errors.channel_username = QUEST_MSG.channelRequired;
      else {
        const e = validateChannelUsername(form.channel_username);
        if (e) errors.channel_username = e;
      }
      if (!form.channel_type) errors.channel_type = QUEST_MSG.channelTypeRequired;
      else if (isPrivateChannelType(form.channel_type) && !form.invite_link.trim())
        errors.invite_link = QUEST_MSG.inviteLinkRequired;
      else if (isPrivateChannelType(form.channel_type) && !isHttpLink(form.invite_link))
        errors.invite_link = WIZARD_MSG.inviteLinkInvalid;
      break;
    }
    case 'start_bot':
      if (!form.bot_username.trim().replace(/^@+/, '')) errors.bot_username = QUEST_MSG.botUsernameRequired;
      break;
    case 'follow':
      if (!form.social_platform.trim().replace(/^@+/, '')) errors.social_platform = QUEST_MSG.instagramRequired;
      break;
    case 'post':
      if (!form.hashtag.trim().replace(/^#+/, '')) errors.hashtag = QUEST_MSG.hashtagRequired;
      break;
    case 'watch':
      if (!form.video_id.trim()) errors.video_id = QUEST_MSG.videoIdRequired;
      break;
    case 'visit':
      if (!form.target_url.trim()) errors.target_url = QUEST_MSG.targetUrlRequired;
      else if (!isHttpLink(form.target_url)) errors.target_url = QUEST_MSG.targetUrlInvalid;
      break;
    default:
      break;
  }
  return errors;
}

/** Next on step 1. */
export function validateStep1(form: QuestForm): StepResult {
  if (!form.task_type) return result({ task_type: QUEST_MSG.taskTypeRequired }, QUEST_MSG.fillRequired);
  const errors = typeFieldErrors(form);
  return result(errors, Object.keys(errors).length ? QUEST_MSG.fillRequired : undefined);
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
  else if (description.length < LIMITS.descriptionMin) errors.description = QUEST_MSG.descriptionMin;
  if (form.reward_amount.trim() === '') errors.reward_amount = WIZARD_MSG.rewardRequired;
  else {
    const amount = parseAmount(form.reward_amount);
    if (!Number.isFinite(amount) || amount <= 0) errors.reward_amount = QUEST_MSG.rewardPositive;
  }
  if (form.deadline) {
    const t = parseDeadline(form.deadline);
    if (!Number.isFinite(t) || t < now) errors.deadline = QUEST_MSG.deadlinePast;
  }
  if (form.max_participants.trim() !== '') {
    const n = Number(form.max_participants);
    if (!Number.isInteger(n) || n < 1) errors.max_participants = QUEST_MSG.maxParticipantsMin;
  }
  const levelProblem = minLevelError(form.min_level);
  if (levelProblem) errors.min_level = levelProblem;
  return result(errors);
}

/** The check on submit (docs/spec/01-signin-home-create.md §5 "Final check"): returns the first problem, or null. */
export function finalCheck(form: QuestForm, botAccessVerified: boolean): string | null {
  const title = form.title.trim();
  const description = form.description.trim();
  const amount = parseAmount(form.reward_amount);
  if (!title || !description || form.reward_amount.trim() === '') return QUEST_MSG.missingBasics;
  if (title.length < LIMITS.titleMinFinal) return QUEST_MSG.titleMin;
  if (description.length < LIMITS.descriptionMin) return QUEST_MSG.descriptionMin;
  if (!Number.isFinite(amount) || amount <= 0) return QUEST_MSG.rewardPositive;
  if (!form.task_type) return QUEST_MSG.taskTypeRequired;
  const typeErrors = typeFieldErrors(form);
  const first = Object.values(typeErrors)[0];
  if (first) return first === QUEST_MSG.channelRequired ? QUEST_MSG.channelUsernameRequired : first;
  if (form.task_type === 'join' && !botAccessVerified) return QUEST_MSG.botAccessRequired;
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
  if (minLevelValue(form.min_level) > 0) payload.min_level = minLevelValue(form.min_level);
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

/** The type field of a quest as one line: its label and value ("Hashtag", "#wyn"); null for a type without one. */
export function questTypeDetail(form: QuestForm): [string, string] | null {
  switch (form.task_type) {
    case 'join': {
      const type = CHANNEL_TYPES.find((t) => t.value === form.channel_type)?.label ?? '';
      return ['Channel', `@${normalizeChannelUsername(form.channel_username)}${type ? ` · ${type}` : ''}`];
    }
    case 'start_bot':
      return ['Bot', `@${form.bot_username.trim().replace(/^@+/, '')}`];
    case 'follow':
      return ['Instagram', form.social_platform.trim()];
    case 'post':
      return ['Hashtag', form.hashtag.trim()];
    case 'watch':
      return ['YouTube video', form.video_id.trim()];
    case 'visit':
      return ['Link', form.target_url.trim()];
    default:
      return null;
  }
}

// ---- editing a published quest (docs/product.md, "Editing a quest") ----------------------------------------

/** ISO → a datetime-local value in local time ("2026-06-01T12:00"); '' for none. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return '';
  const d = new Date(t);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** A quest as its creator reads it (GET tasks/{id}/) → the wizard's form. */
export function questToForm(quest: QuestDetail): QuestForm {
  return {
    ...emptyQuestForm,
    task_type: quest.task_type,
    channel_username: quest.channel_username ?? '',
    channel_type: quest.channel_type ?? '',
    invite_link: quest.invite_link ?? '',
    bot_username: quest.bot_username ?? '',
    social_platform: quest.social_platform ?? '',
    hashtag: quest.hashtag ?? '',
    video_id: quest.video_id ?? '',
    target_url: quest.target_url ?? '',
    title: quest.title,
    description: quest.description,
    reward_amount: quest.reward_amount,
    deadline: toLocalInput(quest.deadline),
    max_participants: quest.max_participants == null ? '' : String(quest.max_participants),
    min_level: minLevelInput(quest.min_level),
    participation_requirements: quest.participation_requirements ?? '',
    completion_criteria: quest.completion_criteria ?? '',
    tags: quest.tags.map((t) => ({ id: t.id, name: t.name })),
  };
}

/** What the server lets change, as the edit screen sees the quest now. */
export interface QuestEditLimits {
  /** Members who already joined (`current_participants`). */
  joined: number;
  /** Closed or expired: only the text, cover and tags may change. */
  ended: boolean;
}

export const questEditLimits = (quest: Pick<QuestDetail, 'current_participants' | 'status'>): QuestEditLimits => ({
  joined: quest.current_participants,
  ended: quest.status !== 'published',
});

const sameTags = (a: TagRef[], b: TagRef[]) =>
  JSON.stringify(a.map((t) => t.id).sort()) === JSON.stringify(b.map((t) => t.id).sort());

const rewardChanged = (initial: QuestForm, form: QuestForm) =>
  Number(form.reward_amount) !== Number(initial.reward_amount);

/**
 * The PATCH body of the edit screen: only the fields that changed (the type and its fields never do).
 * `newMediaUrl` is a fresh upload (replaces the cover); `removeMedia` asks for no cover.
 */
export function questChanges(
  initial: QuestForm,
  form: QuestForm,
  newMediaUrl: string | null,
  removeMedia = false,
): UpdateQuestRequest {
  const out: UpdateQuestRequest = {};
  if (form.title.trim() !== initial.title.trim()) out.title = form.title.trim();
  if (form.description.trim() !== initial.description.trim()) out.description = form.description.trim();
  if (form.participation_requirements.trim() !== initial.participation_requirements.trim())
    out.participation_requirements = form.participation_requirements.trim() || null;
  if (form.completion_criteria.trim() !== initial.completion_criteria.trim())
    out.completion_criteria = form.completion_criteria.trim() || null;
  if (rewardChanged(initial, form)) out.reward_amount = Number(form.reward_amount).toFixed(2);
  if (form.max_participants.trim() !== initial.max_participants.trim())
    out.max_participants = form.max_participants.trim() ? Number(form.max_participants) : null;
  if (form.deadline !== initial.deadline) out.deadline = form.deadline ? new Date(form.deadline).toISOString() : null;
  if (minLevelValue(form.min_level) !== minLevelValue(initial.min_level)) out.min_level = minLevelValue(form.min_level);
  if (!sameTags(form.tags, initial.tags)) out.tags = form.tags.map((t) => t.id);
  if (newMediaUrl && !newMediaUrl.startsWith('blob:')) out.media = newMediaUrl;
  else if (removeMedia) out.media = null;
  return out;
}

/**
 * Next on the edit screen's Details step: the create rules, except that an unchanged deadline is not checked
 * against the clock again, and the rules of a quest members already joined (docs/product.md), so the creator
 * sees them before the server refuses.
 */
export function validateQuestEdit(
  initial: QuestForm,
  form: QuestForm,
  limits: QuestEditLimits,
  now: number = Date.now(),
): StepResult {
  const errors: FieldErrors = { ...validateStep2(form, now).errors };
  if (form.deadline === initial.deadline) delete errors.deadline;
  const maxChanged = form.max_participants.trim() !== initial.max_participants.trim();
  const deadlineChanged = form.deadline !== initial.deadline;
  if (limits.ended) {
    if (rewardChanged(initial, form)) errors.reward_amount = QUEST_MSG.endedFieldsLocked;
    if (maxChanged) errors.max_participants = QUEST_MSG.endedFieldsLocked;
    if (deadlineChanged) errors.deadline = QUEST_MSG.endedFieldsLocked;
    return result(errors);
  }
  if (limits.joined > 0) {
    if (!errors.reward_amount && rewardChanged(initial, form)) errors.reward_amount = QUEST_MSG.rewardLocked;
    if (!errors.max_participants && maxChanged) {
      const max = form.max_participants.trim();
      if (!max && initial.max_participants.trim()) errors.max_participants = QUEST_MSG.capLocked;
      else if (max && Number(max) < limits.joined) errors.max_participants = QUEST_MSG.maxBelowJoined(limits.joined);
    }
    // Later, or removed: an added deadline on a quest that had none is earlier than "never".
    if (!errors.deadline && deadlineChanged && form.deadline) {
      const before = parseDeadline(initial.deadline);
      if (!initial.deadline || parseDeadline(form.deadline) < before) errors.deadline = QUEST_MSG.deadlineExtendOnly;
    }
  }
  return result(errors);
}

/** How an edit moves the quest's escrow: W taken from the creator's balance, or given back. */
export interface EscrowChange {
  kind: 'reserve' | 'return';
  amount: number;
  /**
   * An unlimited quest that members joined gets a cap: the server reserves reward × the places not yet paid,
   * and the screen does not know how many were paid, so `amount` is the most it can be.
   */
  atMost: boolean;
}

const cents = (v: string) => Math.round(Number(v) * 100);

/**
 * The escrow effect of an edit (escrow is reward × places − approved; the reward only changes while no one
 * joined, so the difference is new reward × new places − old reward × old places). Null when nothing moves.
 */
export function questEscrowChange(initial: QuestForm, form: QuestForm, joined: number): EscrowChange | null {
  const r0 = cents(initial.reward_amount);
  const r1 = cents(form.reward_amount);
  const m0 = initial.max_participants.trim() ? Number(initial.max_participants) : null;
  const m1 = form.max_participants.trim() ? Number(form.max_participants) : null;
  if (!Number.isFinite(r0) || !Number.isFinite(r1) || r1 <= 0) return null;
  if ((m0 !== null && !Number.isInteger(m0)) || (m1 !== null && (!Number.isInteger(m1) || m1 < 1))) return null;
  if (m0 === null && m1 === null) return null; // unlimited: each reward is paid when approved
  const before = m0 === null ? 0 : r0 * m0;
  const after = m1 === null ? 0 : r1 * m1;
  const delta = after - before;
  if (delta === 0) return null;
  return {
    kind: delta > 0 ? 'reserve' : 'return',
    amount: Math.abs(delta) / 100,
    atMost: m0 === null && joined > 0,
  };
}
