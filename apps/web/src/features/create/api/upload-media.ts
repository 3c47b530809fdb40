import { TIMINGS } from '@wyn/contract';
import { API_BASE, apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { ApiError, extractMessage } from '@/lib/api-error';
import { sleep } from '@/lib/retry';
import { authSession } from '@/lib/session';
import { nextUploadDelay } from '../lib/upload-policy';

export interface UploadedMedia {
  id: string;
  url: string;
  mime_type: string;
  size: number;
}

function parse(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return text;
  }
}

/**
 * `exclusive`: a perk's exclusive image or video, stored privately by the server (never under /media); the answer's
 * url is a `private:` reference that only the perk can use, shown to buyers through signed links.
 */
export type UploadPurpose = 'public' | 'exclusive';

export const mediaUploadUrl = (purpose: UploadPurpose = 'public') =>
  API_BASE + apiPaths.mediaUpload + (purpose === 'exclusive' ? '?purpose=exclusive' : '');

/** One XHR attempt (fetch cannot report upload progress). Rejects with an ApiError. */
function sendOnce(
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal | undefined,
  purpose: UploadPurpose,
): Promise<UploadedMedia> {
  const url = mediaUploadUrl(purpose);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.timeout = TIMINGS.uploadTimeoutMs;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = authSession.get().token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const data = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as UploadedMedia);
      else {
        const retryAfter = Number(xhr.getResponseHeader('Retry-After'));
        reject(
          new ApiError({
            kind: 'http',
            status: xhr.status,
            data,
            url,
            contentType: xhr.getResponseHeader('Content-Type'),
            ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {}),
          }),
        );
      }
    };
    xhr.onerror = () => reject(new ApiError({ kind: 'network', url }));
    xhr.ontimeout = () => reject(new ApiError({ kind: 'timeout', url }));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
}

/**
 * POST club/media/upload/ with progress: 60 s per attempt, 3 attempts with 1 s then 2 s between them,
 * never retrying 400/413/415/429. A 401 refreshes the token once.
 */
export async function uploadMedia(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
  purpose: UploadPurpose = 'public',
): Promise<UploadedMedia> {
  let refreshed = false;
  for (let attempt = 1; ; attempt++) {
    try {
      return await sendOnce(file, onProgress, signal, purpose);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (e.status === 401 && !refreshed) {
        refreshed = true;
        const outcome = await api.refresh();
        if (outcome.ok) {
          attempt--;
          continue;
        }
      }
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
