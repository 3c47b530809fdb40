import type { StaffBanner, StaffBannerCreate } from '@wyn/contract';

/** What the banner form edits; dates as a datetime-local input holds them (the viewer's zone). */
export interface BannerDraft {
  title: string;
  description: string;
  image_url: string;
  link: string;
  position: string;
  starts_at: string;
  ends_at: string;
  is_active: boolean;
}

export const emptyBannerDraft: BannerDraft = {
  title: '',
  description: '',
  image_url: '',
  link: '',
  position: '',
  starts_at: '',
  ends_at: '',
  is_active: true,
};

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO instant → `YYYY-MM-DDTHH:mm` in the viewer's zone ('' for none). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** `YYYY-MM-DDTHH:mm` in the viewer's zone → ISO instant (null for empty or unreadable). */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export function bannerToDraft(b: StaffBanner): BannerDraft {
  return {
    title: b.title,
    description: b.description ?? '',
    image_url: b.image_url,
    link: b.link ?? '',
    position: String(b.position),
    starts_at: toLocalInput(b.starts_at),
    ends_at: toLocalInput(b.ends_at),
    is_active: b.is_active,
  };
}

/** The request body; the server checks every field again (links http/https only, end after start). */
export function draftToBody(d: BannerDraft): StaffBannerCreate {
  const position = d.position.trim() === '' ? undefined : Number(d.position);
  return {
    title: d.title.trim(),
    description: d.description.trim() || null,
    image_url: d.image_url,
    link: d.link.trim() || null,
    ...(position === undefined || Number.isNaN(position) ? {} : { position }),
    starts_at: fromLocalInput(d.starts_at),
    ends_at: fromLocalInput(d.ends_at),
    is_active: d.is_active,
  };
}

/** Checks a staff member can fix before sending; the server's messages cover the rest. */
export function validateBannerDraft(d: BannerDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!d.title.trim()) errors.title = 'Title is required';
  if (!d.image_url) errors.image_url = 'Upload an image first';
  if (d.link.trim() && !/^https?:\/\/\S+$/i.test(d.link.trim()))
    errors.link = 'Link must be an http:// or https:// address';
  const s = fromLocalInput(d.starts_at);
  const e = fromLocalInput(d.ends_at);
  if (s && e && Date.parse(e) <= Date.parse(s)) errors.ends_at = 'End must be after start';
  return errors;
}

export type BannerState = 'live' | 'scheduled' | 'ended' | 'inactive';

/** Where a banner stands now: shown on Home, waiting for its start, past its end, or switched off. */
export function bannerState(
  b: Pick<StaffBanner, 'is_active' | 'starts_at' | 'ends_at'>,
  now = Date.now(),
): BannerState {
  if (!b.is_active) return 'inactive';
  if (b.ends_at && Date.parse(b.ends_at) <= now) return 'ended';
  if (b.starts_at && Date.parse(b.starts_at) > now) return 'scheduled';
  return 'live';
}
