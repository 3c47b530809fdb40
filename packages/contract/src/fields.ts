import { z } from 'zod';
import { amountInput } from './common.ts';
import { LIMITS } from './limits.ts';

/** Zod field helpers shared by the quest and perk requests (JSON or multipart, where every field is a string). */

/** '' and null as absent. */
export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A JSON string (as multipart sends objects and arrays) parsed; blank as absent; anything else as it is. */
export const jsonString = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const s = v.trim();
  if (!s) return undefined;
  try {
    return JSON.parse(s) as unknown;
  } catch {
    return v;
  }
};

/** Optional trimmed text of at most `max` characters; blank as absent. */
export const optionalText = (max = 500) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());

/** Tag ids, as an array or a JSON string of one. */
export const tagIds = z.preprocess(jsonString, z.array(z.uuid('Unknown tag')).max(10).optional());

type TitleMessages = { titleMin: string; titleMax: string };
type DescriptionMessages = { descriptionMin: string; descriptionMax: string };

/** A trimmed title within the final limits; `params` gives the message when it is missing. */
export const titleText = (msg: TitleMessages, params?: { error: string }) =>
  z.string(params).trim().min(LIMITS.titleMinFinal, msg.titleMin).max(LIMITS.titleMax, msg.titleMax);

/** A trimmed description within the limits; `params` gives the message when it is missing. */
export const descriptionText = (msg: DescriptionMessages, params?: { error: string }) =>
  z.string(params).trim().min(LIMITS.descriptionMin, msg.descriptionMin).max(LIMITS.descriptionMax, msg.descriptionMax);

/** An amount in W above zero and at most 1,000,000,000. */
export const positiveAmount = (positiveMessage: string, tooLargeMessage: string) =>
  amountInput.refine((v) => v > 0, positiveMessage).refine((v) => v <= 1_000_000_000, tooLargeMessage);

/** A whole number of participants from 1 to 1,000,000 (numbers in strings accepted). */
export const maxParticipantsNumber = (message: string) => z.coerce.number().int(message).min(1, message).max(1_000_000);

/** A date-time string that `Date.parse` reads. */
export const deadlineString = (message: string) => z.string().refine((s) => !Number.isNaN(Date.parse(s)), message);
