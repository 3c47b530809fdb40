import { useEffect, useId, useRef, useState } from 'react';
import { ImageIcon, XIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { BUTTON_PRIORITY, useClosingConfirmation, useMainButton } from '@/lib/telegram';
import { LIMITS, MEDIA_IMAGE_TYPES } from '@wyn/contract';
import { validateProof } from '../lib/participation';

const IMAGE_TYPES: readonly string[] = MEDIA_IMAGE_TYPES;

/** Proof text and/or an image with a preview. */
export function ProofForm({
  submitting,
  onSubmit,
  fieldErrors,
}: {
  submitting: boolean;
  onSubmit: (text: string, image: File | null) => void;
  fieldErrors?: { text?: string | undefined; image?: string | undefined };
}) {
  const [text, setText] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const fileId = useId();
  // Inside Telegram: its MainButton sends the proof, and closing asks first while a proof is drafted.
  useMainButton(
    { text: 'Submit Proof', loading: submitting, onClick: () => formRef.current?.requestSubmit() },
    BUTTON_PRIORITY.section,
  );
  useClosingConfirmation(text.trim() !== '' || image !== null);

  useEffect(() => {
    if (!image) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const pick = (file: File | undefined) => {
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) {
      setError('Only JPEG, PNG, GIF or WebP images are accepted.');
      return;
    }
    if (file.size > LIMITS.imageMaxBytes) {
      setError(`File size exceeds maximum allowed (${LIMITS.imageMaxBytes / (1024 * 1024)}MB)`);
      return;
    }
    setError(null);
    setImage(file);
  };

  return (
    <form
      ref={formRef}
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const problem = validateProof(text, image);
        setError(problem);
        if (!problem) onSubmit(text, image);
      }}
    >
      <FormField label="Proof text" error={fieldErrors?.text ? `Text proof error: ${fieldErrors.text}` : null}>
        <Textarea
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          placeholder="Describe what you did, or paste a link"
        />
      </FormField>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={fileId}>Screenshot</Label>
        <input
          ref={inputRef}
          id={fileId}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          className="sr-only"
          onChange={(e) => {
            pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {preview ? (
          <div className="relative overflow-hidden rounded-2xl border border-border">
            <img src={preview} alt="Proof screenshot preview" className="max-h-72 w-full object-contain bg-muted" />
            <button
              type="button"
              onClick={() => setImage(null)}
              aria-label="Remove screenshot"
              className="touch-target absolute top-2 right-2 flex size-9 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/75"
            >
              <XIcon className="size-4" />
            </button>
          </div>
        ) : (
          <Button variant="outline" className="self-start" onClick={() => inputRef.current?.click()}>
            <ImageIcon className="size-4" /> Add a screenshot
          </Button>
        )}
        {fieldErrors?.image ? (
          <p className="text-sm font-medium text-destructive">Image proof error: {fieldErrors.image}</p>
        ) : null}
      </div>
      {error ? (
        <p className="text-sm font-medium text-destructive" role="alert">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="tg-main:hidden" loading={submitting}>
        Submit Proof
      </Button>
    </form>
  );
}
