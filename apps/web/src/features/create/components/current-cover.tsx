import { Button } from '@/components/ui/button';

const VIDEO_RE = /\.(mp4|webm|mov|avi)(\?|$)/i;

/**
 * The cover a quest already has, on the edit screen: a thumbnail, how to replace it (upload a new file) and a
 * way to remove it; once removed, a note and a way to keep it after all.
 */
export function CurrentCover({
  url,
  removed,
  onRemovedChange,
}: {
  url: string;
  removed: boolean;
  onRemovedChange: (removed: boolean) => void;
}) {
  return (
    <div
      className="flex items-center gap-3 rounded-xl border border-border bg-card p-2 text-sm"
      data-testid="current-cover"
    >
      {removed ? null : VIDEO_RE.test(url) ? (
        <video src={url} muted playsInline className="size-14 shrink-0 rounded-lg bg-black object-cover" />
      ) : (
        <img src={url} alt="Current cover" className="size-14 shrink-0 rounded-lg object-cover" />
      )}
      <span className="min-w-0 flex-1 text-muted-foreground">
        {removed
          ? 'The current cover will be removed when you save.'
          : 'Current cover. Upload a new file to replace it.'}
      </span>
      <Button variant="ghost" size="sm" className="shrink-0" onClick={() => onRemovedChange(!removed)}>
        {removed ? 'Keep cover' : 'Remove cover'}
      </Button>
    </div>
  );
}
