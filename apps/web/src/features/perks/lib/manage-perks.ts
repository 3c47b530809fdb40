import { isBlobUrl, PERK_MSG, type ExclusiveContent, type MyPerk } from '@wyn/contract';

/** Sentences of Manage Perks (docs/spec/02-explore-details-wallet-social.md §2, §4, §8). */
export const MANAGE_MSG = {
  heading: 'Manage Perks',
  emptyTitle: 'No perks yet',
  emptyAction: 'Create Your First Perk',
  errorTitle: 'Failed to load perks',
  errorDescription: "We couldn't load your perks. Please try again.",
  retry: 'Try again',
  confirmTitle: 'Are you sure?',
  confirmText: 'This action cannot be undone. This will permanently delete the perk.',
  deleted: PERK_MSG.deleted,
  deleteFailed: 'Failed to delete perk.',
  checking: 'Checking perks for media issues...',
  fixed: (n: number) => `Fixed media issues in ${n} perks`,
  nothingToFix: 'No media issues found that could be fixed',
  fixError: (message: string) => `Error fixing media: ${message}`,
} as const;

export type PerkBadge =
  | { kind: 'status'; label: string }
  | { kind: 'expired'; label: 'Expired' }
  | { kind: 'limit'; label: 'Limit Reached' }
  | { kind: 'active'; label: 'Active' };

/** Badge priority: non-active status (underscores as spaces), then Expired, then Limit Reached, else Active. */
export function perkBadge(
  perk: Pick<MyPerk, 'status' | 'deadline' | 'max_participants' | 'purchased_count'>,
  now: number = Date.now(),
): PerkBadge {
  if (perk.status && perk.status !== 'active') return { kind: 'status', label: perk.status.replace(/_/g, ' ') };
  if (perk.deadline) {
    const t = Date.parse(perk.deadline);
    if (Number.isFinite(t) && t < now) return { kind: 'expired', label: 'Expired' };
  }
  const max = perk.max_participants;
  if (typeof max === 'number' && (max <= 0 || perk.purchased_count >= max))
    return { kind: 'limit', label: 'Limit Reached' };
  return { kind: 'active', label: 'Active' };
}

/** The repaired exclusive content of one perk, or null when nothing usable remains or nothing needs fixing. */
export function repairExclusiveContent(content: ExclusiveContent | null | undefined): ExclusiveContent | null {
  if (!content || (content.content_type !== 'images' && content.content_type !== 'video')) return null;
  const urls = content.media_urls ?? [];
  const permanent = content.permanent_media_url?.trim() ?? '';
  const kept = urls.filter((u) => u.trim() !== '' && !isBlobUrl(u));
  const permanentOk = permanent !== '' && !isBlobUrl(permanent);
  const changed = kept.length !== urls.length || (permanent !== '' && !permanentOk);
  if (!changed) return null;
  const media_urls = kept.length ? kept : permanentOk ? [permanent] : [];
  if (!media_urls.length) return null;
  return {
    ...content,
    media_urls,
    permanent_media_url: permanentOk ? permanent : (media_urls[0] ?? null),
  };
}

export interface MediaFix {
  id: string;
  exclusive_content: ExclusiveContent;
}

/** Fix Media Issues: the PATCHes to send, one per perk with a media issue that can be repaired. */
export function planMediaFixes(perks: readonly MyPerk[]): MediaFix[] {
  const fixes: MediaFix[] = [];
  for (const perk of perks) {
    if (!perk.has_media_issue) continue;
    const repaired = repairExclusiveContent(perk.exclusive_content);
    if (repaired) fixes.push({ id: perk.id, exclusive_content: repaired });
  }
  return fixes;
}

export interface MediaFixOutcome {
  fixed: number;
  failed: number;
  /** The message of the first failure, for the toast. */
  firstError: string | null;
}

/**
 * Saves every planned fix, one after another, and keeps going past a failed save: one broken perk must not
 * stop the others from being repaired.
 */
export async function applyMediaFixes(
  fixes: readonly MediaFix[],
  save: (fix: MediaFix) => Promise<unknown>,
  describeError: (e: unknown) => string,
): Promise<MediaFixOutcome> {
  const outcome: MediaFixOutcome = { fixed: 0, failed: 0, firstError: null };
  for (const fix of fixes) {
    try {
      await save(fix);
      outcome.fixed += 1;
    } catch (e) {
      outcome.failed += 1;
      outcome.firstError ??= describeError(e);
    }
  }
  return outcome;
}

/** The failure toast's message part: how many perks failed and why the first one did. */
export function mediaFixFailure({ failed, firstError }: MediaFixOutcome): string {
  const what = `${failed} ${failed === 1 ? 'perk' : 'perks'} could not be saved`;
  return firstError ? `${what} (${firstError})` : what;
}
