import { routes, type MediaUpload } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { ApiError, extractMessage } from '@/lib/api-error';
import { sleep } from '@/lib/retry';
import { nextUploadDelay } from '../lib/upload-policy';

export type UploadedMedia = MediaUpload;

/**
 * `exclusive`: a perk's exclusive image or video, stored privately by the server (never under /media); the answer's
 * url is a `private:` reference that only the perk can use, shown to buyers through signed links.
 */
export type UploadPurpose = 'public' | 'exclusive';

/**
 * POST club/media/upload/ with progress, through the API client (its token, refresh queue and error mapping):
 * 60 s per attempt, 3 attempts with 1 s then 2 s between them, never retrying 400/413/415/429.
 */
export async function uploadMedia(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
  purpose: UploadPurpose = 'public',
): Promise<UploadedMedia> {
  for (let attempt = 1; ; attempt++) {
    try {
      const body = new FormData();
      body.append('file', file);
      return await api.call(
        routes.mediaUpload,
        {
          ...(purpose === 'exclusive' ? { query: { purpose } } : {}),
          // The endpoint declares only its file field (no text schema), so its input type has no body.
          body,
        },
        { onProgress, signal, toast: false },
      );
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const delay = nextUploadDelay(attempt, e.kind === 'http' ? e.status : undefined);
      if (delay === null) throw e;
      onProgress(0);
      await sleep(delay);
    }
  }
}

export function uploadErrorDetails(e: unknown): { status: number | undefined; message: string | null } {
  if (e instanceof ApiError) {
    return { status: e.kind === 'http' ? e.status : undefined, message: extractMessage(e.data) ?? e.message };
  }
  return { status: undefined, message: e instanceof Error ? e.message : null };
}
