import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { ApiError, extractMessage } from '@/lib/api-error';
import { sleep } from '@/lib/retry';
import { nextUploadDelay } from '../lib/upload-policy';

export interface UploadedMedia {
  id: string;
  url: string;
  mime_type: string;
  size: number;
}

/**
 * `exclusive`: a perk's exclusive image or video, stored privately by the server (never under /media); the answer's
 * url is a `private:` reference that only the perk can use, shown to buyers through signed links.
 */
export type UploadPurpose = 'public' | 'exclusive';

const mediaUploadPath = (purpose: UploadPurpose) =>
  apiPaths.mediaUpload + (purpose === 'exclusive' ? '?purpose=exclusive' : '');

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
      return await api.upload<UploadedMedia>(mediaUploadPath(purpose), body, {
        onProgress,
        signal,
        toast: false,
        schema: import.meta.env.DEV && (() => import('@wyn/contract').then((m) => m.mediaUpload)),
      });
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
