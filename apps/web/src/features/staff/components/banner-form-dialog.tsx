import { MEDIA_IMAGE_TYPES, type StaffBanner } from '@wyn/contract';
import { useEffect, useRef, useState } from 'react';
import { ImageIcon, UploadIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { Textarea } from '@/components/ui/textarea';
import { useMediaUpload } from '@/features/create';
import { BannerSlider } from '@/features/home';
import { errorMessage, isApiError } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { useCreateBanner } from '../api/create-banner';
import { useUpdateBanner } from '../api/update-banner';
import {
  bannerToDraft,
  draftToBody,
  emptyBannerDraft,
  validateBannerDraft,
  type BannerDraft,
} from '../lib/banner-form';

const IMAGE_ACCEPT = MEDIA_IMAGE_TYPES.join(',');

/**
 * Create or edit a banner: the image goes through the same media upload as the create wizard, and the preview
 * is Home's own header slider, so what staff see is what members will see.
 */
export function BannerFormDialog({
  open,
  banner,
  onClose,
}: {
  open: boolean;
  /** null: a new banner. */
  banner: StaffBanner | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(o) => (o ? undefined : onClose())}>
      {open ? (
        <DialogContent
          title={banner ? 'Edit banner' : 'New banner'}
          description="Members see it at the top of Home while it is active and inside its dates."
          className="md:max-w-2xl"
        >
          <BannerForm key={banner?.id ?? 'new'} banner={banner} onDone={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function BannerForm({ banner, onDone }: { banner: StaffBanner | null; onDone: () => void }) {
  const [draft, setDraft] = useState<BannerDraft>(() => (banner ? bannerToDraft(banner) : emptyBannerDraft));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const media = useMediaUpload();
  const fileInput = useRef<HTMLInputElement>(null);
  const create = useCreateBanner();
  const update = useUpdateBanner();
  const saving = create.isPending || update.isPending;
  const set = <K extends keyof BannerDraft>(k: K, v: BannerDraft[K]) => setDraft((d) => ({ ...d, [k]: v }));

  // An uploaded image becomes the banner's image.
  const uploadedUrl = media.state.status === 'success' ? media.state.url : null;
  useEffect(() => {
    if (uploadedUrl) setDraft((d) => ({ ...d, image_url: uploadedUrl }));
  }, [uploadedUrl]);

  const previewImage =
    media.state.status === 'idle' || media.state.status === 'error' ? draft.image_url : media.state.previewUrl;
  const uploading = media.state.status === 'uploading';
  const imageError = errors.image_url ?? (media.state.status === 'error' ? media.state.error : null);

  const submit = () => {
    const found = validateBannerDraft(draft);
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = draftToBody(draft);
    const handlers = {
      onSuccess: () => {
        notify.success(banner ? 'Banner saved' : 'Banner added');
        onDone();
      },
      onError: (e: unknown) => {
        if (isApiError(e)) setErrors(e.fieldErrors);
        notify.error(errorMessage(e, 'Could not save the banner'));
      },
    };
    if (banner) update.mutate({ id: banner.id, body }, handlers);
    else create.mutate(body, handlers);
  };

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium">Preview of Home&apos;s header</span>
        <div data-testid="banner-preview" className="pointer-events-none">
          <BannerSlider
            banners={[
              {
                id: banner?.id ?? '00000000-0000-4000-8000-000000000000',
                title: draft.title || 'Banner title',
                description: draft.description || null,
                image_url: previewImage,
                link: draft.link || null,
                order: 0,
              },
            ]}
          />
        </div>
      </div>

      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium">
          Image{' '}
          <span className="text-destructive" aria-hidden="true">
            *
          </span>
        </span>
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={fileInput}
            type="file"
            accept={IMAGE_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="banner-image-input"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void media.upload(file);
            }}
          />
          <Button
            variant="outline"
            onClick={() => fileInput.current?.click()}
            disabled={uploading}
            aria-describedby="banner-image-hint"
          >
            {draft.image_url ? <ImageIcon className="size-4" /> : <UploadIcon className="size-4" />}
            {draft.image_url ? 'Replace image' : 'Upload image'}
          </Button>
          {media.state.status === 'uploading' ? (
            <Progress value={media.state.progress} label="Uploading the image" className="w-40" />
          ) : null}
        </div>
        <p id="banner-image-hint" className="text-xs text-muted-foreground">
          JPEG, PNG, GIF or WebP up to 5 MB; wide images (16:9) fit best.
        </p>
        {imageError ? (
          <p className="text-sm font-medium text-destructive" role="alert">
            {imageError}
          </p>
        ) : null}
      </div>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField label="Title" required error={errors.title}>
          <Input value={draft.title} maxLength={120} onChange={(e) => set('title', e.target.value)} />
        </FormField>
        <FormField label="Link" error={errors.link} hint="http:// or https:// only">
          <Input
            type="url"
            inputMode="url"
            placeholder="https://"
            value={draft.link}
            onChange={(e) => set('link', e.target.value)}
          />
        </FormField>
      </div>
      <FormField label="Description" error={errors.description}>
        <Textarea
          rows={2}
          maxLength={500}
          value={draft.description}
          onChange={(e) => set('description', e.target.value)}
        />
      </FormField>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <FormField label="Position" error={errors.position} hint="Lowest shows first; empty: last">
          <Input
            type="number"
            min={0}
            inputMode="numeric"
            value={draft.position}
            onChange={(e) => set('position', e.target.value)}
          />
        </FormField>
        <FormField label="Starts" error={errors.starts_at}>
          <Input type="datetime-local" value={draft.starts_at} onChange={(e) => set('starts_at', e.target.value)} />
        </FormField>
        <FormField label="Ends" error={errors.ends_at}>
          <Input type="datetime-local" value={draft.ends_at} onChange={(e) => set('ends_at', e.target.value)} />
        </FormField>
      </div>
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
        <input
          type="checkbox"
          className="size-5 accent-primary"
          checked={draft.is_active}
          onChange={(e) => set('is_active', e.target.checked)}
        />
        Active (shown on Home inside its dates)
      </label>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving} disabled={saving || uploading}>
          {banner ? 'Save banner' : 'Add banner'}
        </Button>
      </div>
    </form>
  );
}
