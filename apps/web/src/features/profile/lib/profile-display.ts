import { PROFILE_MSG, type ProfileDetail } from '@wyn/contract';
import { isApiError } from '@/lib/api-error';

type Named = Pick<ProfileDetail, 'id' | 'user'>;

/** Full name, else username, else "User" and the start of the id (docs/spec/02-explore-details-wallet-social.md §2). */
export function profileName(p: Named): string {
  const full = [p.user.first_name, p.user.last_name]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ');
  return full || p.user.username?.trim() || `User ${p.id.slice(0, 6)}`;
}

/** The picture to show: a picked file's preview, the avatar, else the Telegram photo; null → the initial. */
export function avatarSource(
  p: Pick<ProfileDetail, 'avatar' | 'telegram_photo_url'>,
  preview?: string | null,
): string | null {
  return preview || p.avatar || p.telegram_photo_url || null;
}

/** How a follow toast names the member: @username when there is one, else the display name. */
export function followName(p: Named): string {
  return p.user.username || profileName(p);
}

/** The optimistic state after (un)following: the count moves by one only on a real change, never below 0. */
export function applyFollow<T extends Pick<ProfileDetail, 'is_following' | 'followers_count'>>(
  p: T,
  follow: boolean,
): T {
  if (p.is_following === follow) return p;
  return { ...p, is_following: follow, followers_count: Math.max(0, p.followers_count + (follow ? 1 : -1)) };
}

export function profileCounters(p: ProfileDetail) {
  return {
    followers: p.followers_count,
    following: p.following_count,
    quests: p.quests_completed_count + p.created_tasks_count,
    perks: p.purchased_perks_count + p.created_perks_count,
  };
}

export type ActivityItem = { id: string; kind: 'quest' | 'perk'; title: string; to: string | null; at: string };

/** At most 3 recent completed quests, else at most 3 purchased perks (docs/spec/02-explore-details-wallet-social.md §2, §9). */
export function activityItems(p: ProfileDetail, max = 3): ActivityItem[] {
  if (p.completed_tasks.length)
    return p.completed_tasks.slice(0, max).map((c) => ({
      id: c.id,
      kind: 'quest',
      title: c.task_title,
      to: `/quest/${c.task}`,
      at: c.completed_at,
    }));
  return p.purchased_perks.slice(0, max).map((r) => ({
    id: r.id,
    kind: 'perk',
    title: r.title,
    to: r.perk ? `/perk/${r.perk}` : null,
    at: r.purchased_at,
  }));
}

export function createdQuestsNote(n: number): string {
  return `Created ${n} quest${n === 1 ? '' : 's'}`;
}

/** The toast for a failed save (docs/spec/02-explore-details-wallet-social.md §8): 403, avatar failures, field errors, the server's detail, else the default. */
export function saveErrorMessage(e: unknown): string {
  if (!isApiError(e)) return PROFILE_MSG.updateFailed;
  const data = e.data as { detail?: unknown } | undefined;
  const detail = typeof data?.detail === 'string' && data.detail.trim() ? data.detail : null;
  if (e.status === 403) return PROFILE_MSG.updateForbidden;
  const avatarError = e.fieldErrors.avatar;
  if (avatarError) return PROFILE_MSG.avatarFailed.replace('{errors}', avatarError);
  if (e.status === 413 || e.status === 415) return PROFILE_MSG.avatarFailed.replace('{errors}', detail ?? e.message);
  if (e.status === 400) return detail ?? PROFILE_MSG.invalidInput;
  return detail ?? PROFILE_MSG.updateFailed;
}

export type LoadErrorKind = 'not_found' | 'server' | 'other';

/** 404 or an invalid id → not found; 5xx → server problem; anything else → could not load (docs/spec/02-explore-details-wallet-social.md §2). */
export function loadErrorKind(e: unknown): LoadErrorKind {
  if (!isApiError(e)) return 'other';
  if (e.status === 404 || e.status === 400) return 'not_found';
  if (e.status >= 500) return 'server';
  return 'other';
}
