import { isBlobUrl, type ExclusiveContent } from '@wyn/contract';
import { ExternalLinkIcon, ImageIcon, PlayIcon } from '@/components/icons';
import { isAppPath, isHttpUrl } from '@/lib/format';
import { ExternalLink } from '@/components/external-link';

/** A permanent media address, else the first media_urls entry; blob: or unusable addresses give null. */
export function exclusiveMediaUrl(
  content: Pick<ExclusiveContent, 'permanent_media_url' | 'media_urls'>,
): string | null {
  const candidate = content.permanent_media_url?.trim() || content.media_urls?.[0]?.trim() || '';
  if (!candidate || isBlobUrl(candidate)) return null;
  return isHttpUrl(candidate) || isAppPath(candidate) ? candidate : null;
}

/** Parses exclusive_content sent as an object or a JSON string (docs/spec/02-explore-details-wallet-social.md §3). */
export function parseExclusiveContent(value: unknown): ExclusiveContent | null {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v) as unknown;
    } catch {
      return null;
    }
  }
  if (typeof v !== 'object' || v === null || !('content_type' in v)) return null;
  return v as ExclusiveContent;
}

function Unavailable({ kind }: { kind: 'Image' | 'Video' }) {
  const Icon = kind === 'Image' ? ImageIcon : PlayIcon;
  return (
    <div className="flex flex-col items-center gap-1 rounded-xl border border-dashed border-border bg-muted px-4 py-8 text-center">
      <Icon className="size-6 text-muted-foreground" />
      <p className="font-medium">{kind} not available</p>
      <p className="text-sm text-muted-foreground">Please contact support if you believe this is an error.</p>
    </div>
  );
}

/** The exclusive content, shown only to the redeemer and the creator. */
export function ExclusiveContentBlock({ content }: { content: ExclusiveContent }) {
  switch (content.content_type) {
    case 'text':
      return (
        <p className="text-[15px] leading-relaxed break-words whitespace-pre-line" data-testid="exclusive-text">
          {content.text_body}
        </p>
      );
    case 'link':
      return isHttpUrl(content.external_link) ? (
        <ExternalLink
          href={content.external_link}
          className="inline-flex max-w-full items-center gap-1.5 font-medium break-all text-primary underline-offset-4 hover:underline"
        >
          {content.external_link}
          <ExternalLinkIcon className="size-4 shrink-0" />
        </ExternalLink>
      ) : (
        <p className="text-sm break-all text-muted-foreground">{content.external_link}</p>
      );
    case 'images': {
      const url = exclusiveMediaUrl(content);
      return url ? (
        <img src={url} alt="Exclusive content" className="max-h-[28rem] w-full rounded-xl bg-muted object-contain" />
      ) : (
        <Unavailable kind="Image" />
      );
    }
    case 'video': {
      const url = exclusiveMediaUrl(content);
      return url ? (
        <video src={url} controls playsInline className="aspect-video w-full rounded-xl bg-black object-contain" />
      ) : (
        <Unavailable kind="Video" />
      );
    }
    default:
      return null;
  }
}
