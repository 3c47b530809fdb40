import {
  isBlobUrl,
  LIMITS,
  PERK_MSG,
  privateMediaRefOf,
  QUEST_MSG,
  type contentTypes,
  type PerkType,
} from '@wyn/contract';
import { minLevelError, minLevelInput, minLevelValue } from './min-level';
import { isHttpLink, parseDeadline, toLocalInput, type TagRef } from './quest-form';

export type ContentType = (typeof contentTypes)[number];

/**
 * The perk half of the wizard (docs/spec/01-signin-home-create.md §3–§5, §7–§8). These are its own sentences; where the
 * server says the same thing it uses the contract's PERK_MSG (and QUEST_MSG.fillRequired).
 */
export const PERK_FORM_MSG = {
  titleRequired: 'Title is required',
  titleMin: `Title must be at least ${LIMITS.titleMinStep2} characters`,
  descriptionRequired: 'Description is required',
  costRequired: 'Cost amount is required',
  exclusiveContentError: 'There was an issue with your special content. Please check the content format and try again.',
  updated: 'Perk updated successfully',
  updateFailed: 'Failed to update perk. Please try again.',
  noChanges: 'No changes to save',
} as const;

export const PERK_TYPE_OPTIONS: { value: PerkType; label: string; text: string }[] = [
  { value: 'telegram_invite', label: 'Telegram invite', text: 'Invite buyers to a private channel or group.' },
  { value: 'exclusive_content', label: 'Exclusive content', text: 'Text, a link, images or a video.' },
  { value: 'discount_code', label: 'Discount code', text: 'A code buyers can use at your shop.' },
  { value: 'event_invitation', label: 'Event invitation', text: 'A place at your event or meetup.' },
];

export const CONTENT_TYPE_OPTIONS: { value: ContentType; label: string }[] = [
  { value: 'text', label: 'Text' },
  { value: 'link', label: 'Link' },
  { value: 'images', label: 'Images' },
  { value: 'video', label: 'Video' },
];

export interface PerkForm {
  perk_type: PerkType | '';
  telegram_url: string;
  discount_code: string;
  event_details: string;
  content_type: ContentType;
  text_body: string;
  external_link: string;
  /** The uploaded exclusive file ('/media/...' or http(s)); never a blob: URL. */
  permanent_media_url: string;
  /** Kept from an existing perk (edit); blob: entries are dropped when sent. */
  media_urls: string[];
  title: string;
  description: string;
  cost_amount: string;
  deadline: string;
  max_participants: string;
  /** Members below this level may not redeem; empty for anyone. */
  min_level: string;
  terms_and_conditions: string;
  purchase_requirements: string;
  tags: TagRef[];
}

export const emptyPerkForm: PerkForm = {
  perk_type: '',
  telegram_url: '',
  discount_code: '',
  event_details: '',
  content_type: 'text',
  text_body: '',
  external_link: '',
  permanent_media_url: '',
  media_urls: [],
  title: '',
  description: '',
  cost_amount: '',
  deadline: '',
  max_participants: '',
  min_level: '',
  terms_and_conditions: '',
  purchase_requirements: '',
  tags: [],
};

export type PerkFieldErrors = Partial<Record<keyof PerkForm, string>>;

export interface PerkStepResult {
  ok: boolean;
  message: string | null;
  errors: PerkFieldErrors;
}

function result(errors: PerkFieldErrors, summary?: string): PerkStepResult {
  const keys = Object.keys(errors) as (keyof PerkForm)[];
  if (keys.length === 0) return { ok: true, message: null, errors };
  return { ok: false, message: summary ?? errors[keys[0]!] ?? QUEST_MSG.fillRequired, errors };
}

/** An uploaded file ('/media/...') or an http(s) address. */
export const isUsableMediaUrl = (s: string) => /^\/media\/[\w./-]+$/.test(s.trim()) || isHttpLink(s);

/** media_urls without temporary blob: addresses or blanks (docs/spec/01-signin-home-create.md §5). */
export function stripBlobUrls(urls: readonly string[] | null | undefined): string[] {
  return (urls ?? []).filter((u) => typeof u === 'string' && u.trim() !== '' && !isBlobUrl(u));
}

/**
 * An exclusive file the server keeps private: the reference an exclusive upload answered, or the signed link an
 * edit received. Public /media files and outside addresses are refused for exclusive images and video.
 */
export const isExclusiveFileUrl = (s: string) => privateMediaRefOf(s) !== null;

function hasExclusiveMedia(form: PerkForm): boolean {
  return isExclusiveFileUrl(form.permanent_media_url) || form.media_urls.some(isExclusiveFileUrl);
}

/** The type fields of one perk type (docs/spec/01-signin-home-create.md §5 "Wizard step 1"). */
function typeFieldErrors(form: PerkForm): PerkFieldErrors {
  const errors: PerkFieldErrors = {};
  switch (form.perk_type) {
    case 'telegram_invite':
      if (!form.telegram_url.trim()) errors.telegram_url = PERK_MSG.telegramUrlRequired;
      else if (!isHttpLink(form.telegram_url)) errors.telegram_url = PERK_MSG.telegramUrlInvalid;
      break;
    case 'discount_code':
      if (!form.discount_code.trim()) errors.discount_code = PERK_MSG.discountCodeRequired;
      break;
    case 'event_invitation':
      if (!form.event_details.trim()) errors.event_details = PERK_MSG.eventDetailsRequired;
      break;
    case 'exclusive_content':
      switch (form.content_type) {
        case 'text':
          if (!form.text_body.trim()) errors.text_body = PERK_MSG.textRequired;
          break;
        case 'link':
          if (!form.external_link.trim()) errors.external_link = PERK_MSG.linkRequired;
          else if (!isHttpLink(form.external_link)) errors.external_link = PERK_MSG.linkInvalid;
          break;
        case 'images':
        case 'video':
          if (!hasExclusiveMedia(form)) errors.permanent_media_url = PERK_MSG.mediaRequired;
          break;
        default:
          errors.content_type = PERK_MSG.contentRequired;
      }
      break;
    default:
      break;
  }
  return errors;
}

const MISSING = new Set<string>([
  PERK_MSG.telegramUrlRequired,
  PERK_MSG.discountCodeRequired,
  PERK_MSG.eventDetailsRequired,
  PERK_MSG.textRequired,
  PERK_MSG.linkRequired,
  PERK_MSG.mediaRequired,
  PERK_MSG.contentRequired,
]);

/** Next on step 1: missing fields summarise as 'Please fill in all required fields'. */
export function validatePerkStep1(form: PerkForm): PerkStepResult {
  if (!form.perk_type) return result({ perk_type: PERK_MSG.perkTypeRequired }, QUEST_MSG.fillRequired);
  const errors = typeFieldErrors(form);
  const missing = Object.values(errors).some((m) => MISSING.has(m));
  return result(errors, missing ? QUEST_MSG.fillRequired : undefined);
}

/** Next on step 2 (docs/spec/01-signin-home-create.md §5 "Wizard step 2"). */
export function validatePerkStep2(form: PerkForm, now: number = Date.now()): PerkStepResult {
  const errors: PerkFieldErrors = {};
  const title = form.title.trim();
  if (!title) errors.title = PERK_FORM_MSG.titleRequired;
  else if (title.length < LIMITS.titleMinStep2) errors.title = PERK_FORM_MSG.titleMin;
  const description = form.description.trim();
  if (!description) errors.description = PERK_FORM_MSG.descriptionRequired;
  else if (description.length < LIMITS.descriptionMin) errors.description = PERK_MSG.descriptionMin;
  if (form.cost_amount.trim() === '') errors.cost_amount = PERK_FORM_MSG.costRequired;
  else {
    const amount = Number(form.cost_amount);
    if (!Number.isFinite(amount) || amount <= 0) errors.cost_amount = PERK_MSG.costPositive;
  }
  if (form.deadline) {
    const t = parseDeadline(form.deadline);
    if (!Number.isFinite(t) || t < now) errors.deadline = PERK_MSG.deadlinePast;
  }
  if (form.max_participants.trim() !== '') {
    const n = Number(form.max_participants);
    if (!Number.isInteger(n) || n < 1) errors.max_participants = PERK_MSG.maxParticipantsMin;
  }
  const levelProblem = minLevelError(form.min_level);
  if (levelProblem) errors.min_level = levelProblem;
  return result(errors);
}

/** The check on submit (docs/spec/01-signin-home-create.md §5 "Final check"): the first problem, or null. */
export function perkFinalCheck(form: PerkForm): string | null {
  const title = form.title.trim();
  const description = form.description.trim();
  const amount = Number(form.cost_amount);
  if (!title || !description || form.cost_amount.trim() === '') return PERK_MSG.missingBasics;
  if (title.length < LIMITS.titleMinFinal) return PERK_MSG.titleMin;
  if (description.length < LIMITS.descriptionMin) return PERK_MSG.descriptionMin;
  if (!Number.isFinite(amount) || amount <= 0) return PERK_MSG.costPositive;
  if (!form.perk_type) return PERK_MSG.perkTypeRequired;
  return Object.values(typeFieldErrors(form))[0] ?? null;
}

export interface ExclusiveContentPayload {
  content_type: ContentType;
  text_body?: string;
  external_link?: string;
  media_urls?: string[];
  permanent_media_url?: string | null;
}

/** Exclusive content as sent: only the fields of its content_type, never a blob: URL. */
export function buildExclusiveContent(form: PerkForm): ExclusiveContentPayload {
  switch (form.content_type) {
    case 'text':
      return { content_type: 'text', text_body: form.text_body.trim() };
    case 'link':
      return { content_type: 'link', external_link: form.external_link.trim() };
    default: {
      const permanent = form.permanent_media_url.trim();
      const urls = stripBlobUrls(form.media_urls)
        .map((u) => u.trim())
        .filter(isExclusiveFileUrl);
      const out: ExclusiveContentPayload = { content_type: form.content_type };
      if (isExclusiveFileUrl(permanent)) {
        out.permanent_media_url = permanent;
        out.media_urls = urls.includes(permanent) ? urls : [permanent, ...urls];
      } else {
        out.media_urls = urls;
        if (urls[0]) out.permanent_media_url = urls[0];
      }
      return out;
    }
  }
}

export interface CreatePerkPayload {
  title: string;
  description: string;
  perk_type: PerkType;
  cost_amount: string;
  status: 'active';
  is_verified: false;
  tags: string[];
  max_participants?: number;
  min_level?: number;
  deadline?: string;
  purchase_requirements?: string;
  terms_and_conditions?: string;
  media?: string;
  telegram_url?: string;
  discount_code?: string;
  event_details?: string;
  exclusive_content?: ExclusiveContentPayload;
}

/** The JSON body of POST perks/ (call after perkFinalCheck passed); `mediaUrl` came from media/upload/. */
export function buildPerkPayload(form: PerkForm, mediaUrl: string | null): CreatePerkPayload {
  const type = form.perk_type as PerkType;
  const payload: CreatePerkPayload = {
    title: form.title.trim(),
    description: form.description.trim(),
    perk_type: type,
    cost_amount: Number(form.cost_amount).toFixed(2),
    status: 'active',
    is_verified: false,
    tags: form.tags.map((t) => t.id),
  };
  if (form.max_participants.trim()) payload.max_participants = Number(form.max_participants);
  if (minLevelValue(form.min_level) > 0) payload.min_level = minLevelValue(form.min_level);
  if (form.deadline) payload.deadline = new Date(form.deadline).toISOString();
  if (form.purchase_requirements.trim()) payload.purchase_requirements = form.purchase_requirements.trim();
  if (form.terms_and_conditions.trim()) payload.terms_and_conditions = form.terms_and_conditions.trim();
  if (mediaUrl && !isBlobUrl(mediaUrl)) payload.media = mediaUrl;
  switch (type) {
    case 'telegram_invite':
      payload.telegram_url = form.telegram_url.trim();
      break;
    case 'discount_code':
      payload.discount_code = form.discount_code.trim();
      break;
    case 'event_invitation':
      payload.event_details = form.event_details.trim();
      break;
    case 'exclusive_content':
      payload.exclusive_content = buildExclusiveContent(form);
      break;
  }
  return payload;
}

/** Spec 01 §8: detail, else message, else the data string, else the fallback; exclusive_content problems get one sentence. */
export function perkCreateErrorMessage(data: unknown, fallback: string = PERK_MSG.createFailed): string {
  if (typeof data === 'string' && data.trim()) return data.trim();
  if (!data || typeof data !== 'object') return fallback;
  const d = data as Record<string, unknown>;
  const errors = d.errors && typeof d.errors === 'object' ? (d.errors as Record<string, unknown>) : {};
  if ('exclusive_content' in d || Object.keys(errors).some((k) => k.startsWith('exclusive_content')))
    return PERK_FORM_MSG.exclusiveContentError;
  if (typeof d.detail === 'string' && d.detail.trim()) return d.detail.trim();
  if (typeof d.message === 'string' && d.message.trim()) return d.message.trim();
  return fallback;
}

// The quest edit screen needs it too, so it lives with the quest form (which this file imports).
export { toLocalInput };

interface PerkSource {
  title: string;
  description: string;
  terms_and_conditions: string | null;
  purchase_requirements: string | null;
  cost_amount: string;
  deadline: string | null;
  max_participants: number | null;
  min_level?: number | undefined;
  perk_type: PerkType;
  tags: TagRef[];
  content: {
    telegram_url?: string | null | undefined;
    invite_link?: string | null | undefined;
    discount_code?: string | null | undefined;
    event_details?: string | null | undefined;
    exclusive_content?: unknown;
  } | null;
}

function readExclusive(raw: unknown): Partial<ExclusiveContentPayload> {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return {};
    }
  }
  return value && typeof value === 'object' ? (value as Partial<ExclusiveContentPayload>) : {};
}

/** A perk as the creator reads it (GET perks/{id}/details/) → the wizard's form. */
export function perkToForm(perk: PerkSource): PerkForm {
  const c = perk.content ?? {};
  const ex = readExclusive(c.exclusive_content);
  const permanent = ex.permanent_media_url ?? '';
  return {
    ...emptyPerkForm,
    perk_type: perk.perk_type,
    telegram_url: c.telegram_url ?? c.invite_link ?? '',
    discount_code: c.discount_code ?? '',
    event_details: c.event_details ?? '',
    content_type: ex.content_type ?? 'text',
    text_body: ex.text_body ?? '',
    external_link: ex.external_link ?? '',
    permanent_media_url: isBlobUrl(permanent) ? '' : permanent,
    media_urls: stripBlobUrls(ex.media_urls),
    title: perk.title,
    description: perk.description,
    cost_amount: perk.cost_amount,
    deadline: toLocalInput(perk.deadline),
    max_participants: perk.max_participants == null ? '' : String(perk.max_participants),
    min_level: minLevelInput(perk.min_level),
    terms_and_conditions: perk.terms_and_conditions ?? '',
    purchase_requirements: perk.purchase_requirements ?? '',
    tags: perk.tags.map((t) => ({ id: t.id, name: t.name })),
  };
}

export interface PerkChanges {
  title?: string;
  description?: string;
  terms_and_conditions?: string | null;
  purchase_requirements?: string | null;
  cost_amount?: string;
  deadline?: string | null;
  max_participants?: number | null;
  min_level?: number;
  tags?: string[];
  media_url?: string | null;
  telegram_url?: string;
  discount_code?: string;
  event_details?: string;
  exclusive_content?: ExclusiveContentPayload;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The PATCH body of the edit screen: only the allowed fields that changed (the type never changes). */
export function perkChanges(initial: PerkForm, form: PerkForm, newMediaUrl: string | null): PerkChanges {
  const out: PerkChanges = {};
  const text = (k: 'title' | 'description') => {
    if (form[k].trim() !== initial[k].trim()) out[k] = form[k].trim();
  };
  text('title');
  text('description');
  const optional = (k: 'terms_and_conditions' | 'purchase_requirements') => {
    if (form[k].trim() !== initial[k].trim()) out[k] = form[k].trim() || null;
  };
  optional('terms_and_conditions');
  optional('purchase_requirements');
  if (Number(form.cost_amount) !== Number(initial.cost_amount)) out.cost_amount = Number(form.cost_amount).toFixed(2);
  if (form.deadline !== initial.deadline) out.deadline = form.deadline ? new Date(form.deadline).toISOString() : null;
  if (form.max_participants.trim() !== initial.max_participants.trim())
    out.max_participants = form.max_participants.trim() ? Number(form.max_participants) : null;
  if (minLevelValue(form.min_level) !== minLevelValue(initial.min_level)) out.min_level = minLevelValue(form.min_level);
  const tagIds = form.tags.map((t) => t.id);
  if (!sameJson([...tagIds].sort(), initial.tags.map((t) => t.id).sort())) out.tags = tagIds;
  if (newMediaUrl && !isBlobUrl(newMediaUrl)) out.media_url = newMediaUrl;
  switch (form.perk_type) {
    case 'telegram_invite':
      if (form.telegram_url.trim() !== initial.telegram_url.trim()) out.telegram_url = form.telegram_url.trim();
      break;
    case 'discount_code':
      if (form.discount_code.trim() !== initial.discount_code.trim()) out.discount_code = form.discount_code.trim();
      break;
    case 'event_invitation':
      if (form.event_details.trim() !== initial.event_details.trim()) out.event_details = form.event_details.trim();
      break;
    case 'exclusive_content': {
      const next = buildExclusiveContent(form);
      if (!sameJson(next, buildExclusiveContent(initial))) out.exclusive_content = next;
      break;
    }
    default:
      break;
  }
  return out;
}
