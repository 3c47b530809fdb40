import type { ReactNode } from 'react';
import type { TagRef } from '../lib/quest-form';
import type { MediaState } from '../lib/use-media-upload';

// Pieces shared by the quest and perk review steps.

export function ReviewRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:gap-4">
      <dt className="shrink-0 text-sm text-muted-foreground sm:w-40">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

export function mediaText(media: MediaState, fallback: string): string {
  if (media.status === 'success') return 'Uploaded';
  if (media.status === 'local') return 'Local preview only (will not be saved)';
  if (media.status === 'uploading') return 'Uploading…';
  return fallback;
}

/** The type icon, type label and title, then the uploaded image when there is one. */
export function ReviewHeading({
  icon,
  kind,
  title,
  media,
}: {
  icon: ReactNode;
  kind: string;
  title: string;
  media: MediaState;
}) {
  return (
    <>
      <div className="flex items-center gap-3">
        {icon}
        <div className="min-w-0">
          <p className="text-xs font-medium text-muted-foreground">{kind}</p>
          <h2 className="text-lg leading-snug font-semibold break-words">{title}</h2>
        </div>
      </div>
      {media.status !== 'idle' && media.status !== 'error' && media.kind === 'Image' ? (
        <img src={media.previewUrl} alt="" className="aspect-video w-full rounded-2xl object-cover" />
      ) : null}
    </>
  );
}

export function DescriptionRow({ description }: { description: string }) {
  return (
    <ReviewRow label="Description">
      <span className="font-normal whitespace-pre-line">{description.trim()}</span>
    </ReviewRow>
  );
}

export function LimitRows({ maxParticipants, deadline }: { maxParticipants: string; deadline: string }) {
  return (
    <>
      <ReviewRow label="Max participants">{maxParticipants.trim() || 'Unlimited'}</ReviewRow>
      <ReviewRow label="Deadline">{deadline ? new Date(deadline).toLocaleString() : 'No deadline'}</ReviewRow>
    </>
  );
}

export function TagsRow({ tags }: { tags: TagRef[] }) {
  return tags.length > 0 ? <ReviewRow label="Tags">{tags.map((t) => `#${t.name}`).join(' ')}</ReviewRow> : null;
}
