import type { PerkDuplicate, QuestDuplicate } from '@wyn/contract';
import { perkToForm, type PerkForm } from './perk-form';
import { emptyQuestForm, toLocalInput, type CreateKind, type QuestForm, type TagRef } from './quest-form';
import type { MediaKind } from './upload-policy';

/**
 * Duplicating (docs/product.md "Creator tools"): the server answers a create body copied from the creator's own
 * quest or perk, and the wizard opens with it. Nothing is stored until the creator publishes the copy, which is
 * then a new item like any other (a quest's escrow is taken then).
 */

/** `?duplicate=quest:<id>` / `perk:<id>` → what to copy; null for anything else. */
export function parseDuplicateParam(value: string | null): { kind: CreateKind; id: string } | null {
  const m = /^(quest|perk):([\w-]+)$/.exec(value ?? '');
  return m ? { kind: m[1] as CreateKind, id: m[2]! } : null;
}

/** The wizard's form from a quest's duplicate body (tags with the names the picker shows). */
export function questDuplicateToForm(body: QuestDuplicate, tags: TagRef[]): QuestForm {
  return {
    ...emptyQuestForm,
    task_type: body.task_type,
    channel_username: body.channel_username ?? '',
    channel_type: body.channel_type ?? (body.task_type === 'join' ? 'public_channel' : ''),
    invite_link: body.invite_link ?? '',
    bot_username: body.bot_username ?? '',
    social_platform: body.social_platform ?? '',
    hashtag: body.hashtag ?? '',
    video_id: body.video_id ?? '',
    target_url: body.target_url ?? '',
    title: body.title,
    description: body.description,
    reward_amount: body.reward_amount,
    deadline: toLocalInput(body.deadline),
    max_participants: body.max_participants == null ? '' : String(body.max_participants),
    min_level: body.min_level ? String(body.min_level) : '',
    participation_requirements: body.participation_requirements ?? '',
    completion_criteria: body.completion_criteria ?? '',
    tags,
  };
}

/** The perk wizard's form from a perk's duplicate body, its delivered content included. */
export function perkDuplicateToForm(body: PerkDuplicate, tags: TagRef[]): PerkForm {
  return perkToForm({
    title: body.title,
    description: body.description,
    terms_and_conditions: body.terms_and_conditions ?? null,
    purchase_requirements: body.purchase_requirements ?? null,
    cost_amount: body.cost_amount,
    deadline: body.deadline ?? null,
    max_participants: body.max_participants ?? null,
    min_level: body.min_level,
    perk_type: body.perk_type,
    tags,
    content: {
      telegram_url: body.telegram_url,
      discount_code: body.discount_code,
      event_details: body.event_details,
      exclusive_content: body.exclusive_content,
    },
  });
}

/** What a copied cover is, from its address (the wizard previews an image or a video). */
export function mediaKindOfUrl(url: string): MediaKind {
  return /\.(mp4|webm|mov|m4v)(\?|#|$)/i.test(url) ? 'Video' : 'Image';
}
