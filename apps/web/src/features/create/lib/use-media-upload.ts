import { useCallback, useEffect, useRef, useState } from 'react';
import { notify } from '@/lib/toast';
import { TIMINGS } from '@wyn/contract';
import { uploadErrorDetails, uploadMedia, type UploadPurpose } from '../api/upload-media';
import { checkMediaFile, describeUploadFailure, mediaKind, UPLOAD_MSG, type MediaKind } from './upload-policy';

export type MediaState =
  | { status: 'idle'; error: string | null }
  | { status: 'uploading'; progress: number; previewUrl: string; kind: MediaKind; name: string }
  | { status: 'success'; url: string; previewUrl: string; kind: MediaKind; name: string }
  | { status: 'local'; previewUrl: string; kind: MediaKind; name: string; note: string }
  | { status: 'error'; error: string; previewUrl: null };

const idle: MediaState = { status: 'idle', error: null };

/** A file already uploaded (a duplicated item's cover): shown and sent as if just uploaded. */
export interface UploadedMedia {
  url: string;
  kind: MediaKind;
  name: string;
}

/**
 * Uploading one media file: progress, then a permanent URL (for `exclusive`, a private reference) or a local
 * preview only. `initial` starts with a file already uploaded.
 */
export function useMediaUpload(purpose: UploadPurpose = 'public', initial?: UploadedMedia | null) {
  const [state, setState] = useState<MediaState>(() =>
    initial
      ? { status: 'success', url: initial.url, previewUrl: initial.url, kind: initial.kind, name: initial.name }
      : idle,
  );
  const abortRef = useRef<AbortController | null>(null);
  const previewRef = useRef<string | null>(null);

  const revoke = () => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = null;
  };

  useEffect(
    () => () => {
      abortRef.current?.abort();
      revoke();
    },
    [],
  );

  const clear = useCallback(() => {
    abortRef.current?.abort();
    revoke();
    setState(idle);
  }, []);

  /** Shows a client-side refusal (e.g. a file type a field does not take) without uploading. */
  const reject = useCallback((error: string) => {
    abortRef.current?.abort();
    revoke();
    setState({ status: 'error', error, previewUrl: null });
  }, []);

  const upload = useCallback(
    async (file: File) => {
      abortRef.current?.abort();
      revoke();
      const invalid = checkMediaFile(file);
      if (invalid) {
        setState({ status: 'error', error: invalid, previewUrl: null });
        return;
      }
      const controller = new AbortController();
      abortRef.current = controller;
      const previewUrl = URL.createObjectURL(file);
      previewRef.current = previewUrl;
      const kind = mediaKind(file.type);
      const base = { previewUrl, kind, name: file.name };
      setState({ status: 'uploading', progress: 0, ...base });
      try {
        const media = await uploadMedia(
          file,
          (fraction) => {
            if (!controller.signal.aborted)
              setState((s) => (s.status === 'uploading' ? { ...s, progress: Math.round(fraction * 100) } : s));
          },
          controller.signal,
          purpose,
        );
        if (controller.signal.aborted) return;
        setState({ status: 'success', url: media.url, ...base });
        notify.success(UPLOAD_MSG.success(kind));
      } catch (e) {
        if (controller.signal.aborted) return;
        const { status, message } = uploadErrorDetails(e);
        const failure = describeUploadFailure(status, message);
        notify.error(failure.toast, { duration: TIMINGS.toastSuccessMs });
        if (failure.localOnly) setState({ status: 'local', note: failure.field, ...base });
        else {
          revoke();
          setState({ status: 'error', error: failure.field, previewUrl: null });
        }
      }
    },
    [purpose],
  );

  return { state, upload, clear, reject };
}
