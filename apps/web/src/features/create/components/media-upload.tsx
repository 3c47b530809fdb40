import { useId, useRef } from 'react';
import { CheckIcon, ImageIcon, InfoIcon, UploadIcon, XIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { IMAGE_OR_VIDEO_ACCEPT } from '../lib/upload-policy';
import type { MediaState } from '../lib/use-media-upload';

/** Media picker for the wizard: preview, progress bar, success or local-preview-only note. */
export function MediaUpload({
  state,
  onPick,
  onClear,
  label = 'Media',
  accept = IMAGE_OR_VIDEO_ACCEPT,
  hint = 'Images up to 5 MB (JPEG, PNG, GIF, WebP); videos up to 30 MB — best under 1 minute.',
  prompt = 'Add an image or video',
  optional = true,
  invalid = false,
}: {
  state: MediaState;
  onPick: (file: File) => void;
  onClear: () => void;
  label?: string;
  accept?: string;
  hint?: string;
  prompt?: string;
  optional?: boolean;
  invalid?: boolean;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const hintId = `${id}-hint`;
  const busy = state.status === 'uploading';
  const preview = state.status === 'idle' || state.status === 'error' ? null : state;

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={accept}
        className="sr-only"
        aria-describedby={hintId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onPick(file);
        }}
      />
      {preview ? (
        <div className="overflow-hidden rounded-2xl border border-border bg-card">
          <div className="relative aspect-video w-full bg-muted">
            {preview.kind === 'Video' ? (
              <video src={preview.previewUrl} className="size-full object-cover" controls muted playsInline />
            ) : preview.kind === 'Image' ? (
              <img src={preview.previewUrl} alt="Selected media preview" className="size-full object-cover" />
            ) : (
              <div className="flex size-full items-center justify-center text-sm text-muted-foreground">
                {preview.name}
              </div>
            )}
            <button
              type="button"
              onClick={onClear}
              aria-label="Remove media"
              className="touch-target absolute top-2 right-2 flex size-9 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/75 focus-visible:outline-2 focus-visible:outline-white"
            >
              <XIcon className="size-4" />
            </button>
          </div>
          <div className="flex flex-col gap-2 p-3 text-sm">
            <p className="truncate font-medium">{preview.name}</p>
            {state.status === 'uploading' ? (
              <div className="flex items-center gap-3" aria-live="polite">
                <Progress value={state.progress} label="Upload progress" className="flex-1" />
                <span className="w-10 text-right text-xs tabular-nums text-muted-foreground">{state.progress}%</span>
              </div>
            ) : state.status === 'success' ? (
              <p className="flex items-center gap-1.5 text-success" data-testid="media-uploaded">
                <CheckIcon className="size-4" /> Uploaded
              </p>
            ) : state.status === 'local' ? (
              <p className="flex items-start gap-1.5 text-amber-700 dark:text-amber-300" role="status">
                <InfoIcon className="mt-0.5 size-4 shrink-0" />
                {state.note}
              </p>
            ) : null}
          </div>
        </div>
      ) : (
        <button
          type="button"
          onClick={() => inputRef.current?.click()}
          data-invalid={invalid ? 'true' : undefined}
          className="flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed border-border data-[invalid=true]:border-destructive bg-card/60 px-4 py-7 text-center transition-colors hover:border-primary/50 hover:bg-primary-soft/30 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <span className="flex size-11 items-center justify-center rounded-2xl bg-primary-soft text-primary">
            <ImageIcon className="size-5" />
          </span>
          <span className="text-sm font-semibold">{prompt}</span>
          <span className="text-xs text-muted-foreground">{optional ? 'Optional' : 'Required'}</span>
        </button>
      )}
      {preview && !busy ? (
        <Button variant="outline" size="sm" className="self-start" onClick={() => inputRef.current?.click()}>
          <UploadIcon className="size-4" /> Replace
        </Button>
      ) : null}
      <p id={hintId} className="text-xs text-muted-foreground">
        {hint}
      </p>
      {state.status === 'error' ? (
        <p className="text-sm font-medium text-destructive" role="alert">
          {state.error}
        </p>
      ) : null}
    </div>
  );
}
