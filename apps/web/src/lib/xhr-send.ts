/** No answer: the network failed or the attempt timed out (the API client turns it into its ApiError). */
export class XhrFailure extends Error {
  readonly kind: 'network' | 'timeout';
  constructor(kind: 'network' | 'timeout') {
    super(kind === 'network' ? 'Upload failed on the network' : 'Upload timed out');
    this.name = 'XhrFailure';
    this.kind = kind;
  }
}

export type UploadProgress = (fraction: number) => void;

export interface XhrInit {
  method: string;
  headers: Record<string, string>;
  body: XMLHttpRequestBodyInit | undefined;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  onProgress?: UploadProgress | undefined;
}

function responseHeaders(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

/**
 * One exchange over XHR, the only browser API that reports upload progress. It answers as `fetch` does (a
 * Response for any status) so the API client treats it like any other call: same token, refresh and errors.
 */
export function xhrSend(url: string, init: XhrInit): Promise<Response> {
  return new Promise((resolve, reject) => {
    if (init.signal?.aborted) return reject(new DOMException('Upload cancelled', 'AbortError'));
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    xhr.timeout = init.timeoutMs;
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    const onProgress = init.onProgress;
    if (onProgress) {
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
      };
    }
    const onAbort = () => xhr.abort();
    const settle = () => init.signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      settle();
      // A Response cannot carry status 0 or a 1xx; XHR reports those only for failures, handled below.
      if (xhr.status < 200) return reject(new XhrFailure('network'));
      const noBody = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
      resolve(new Response(noBody ? null : xhr.responseText, { status: xhr.status, headers: responseHeaders(xhr) }));
    };
    xhr.onerror = () => {
      settle();
      reject(new XhrFailure('network'));
    };
    xhr.ontimeout = () => {
      settle();
      reject(new XhrFailure('timeout'));
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException('Upload cancelled', 'AbortError'));
    };
    init.signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(init.body ?? null);
  });
}
