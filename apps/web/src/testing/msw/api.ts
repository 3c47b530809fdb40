import { http, HttpResponse, type DefaultBodyType, type HttpResponseResolver, type PathParams } from 'msw';
import type { ErrorBody } from '@wyn/contract';
import { server } from './server';

/** Matches an API path (relative to /api/v1/, as in `apiPaths`) on whatever origin the test runs at. */
export const apiUrl = (path: string) => `*/api/v1/${path.split('?')[0]}`;

type Resolver<Res extends DefaultBodyType, Req extends DefaultBodyType = DefaultBodyType> = HttpResponseResolver<
  PathParams,
  Req,
  Res
>;

/** Typed handlers: the response type comes from the contract, so a fixture that drifts fails the type check. */
export const api = {
  get: <Res extends DefaultBodyType>(path: string, resolver: Resolver<Res>) => http.get(apiUrl(path), resolver),
  post: <Res extends DefaultBodyType, Req extends DefaultBodyType = DefaultBodyType>(
    path: string,
    resolver: Resolver<Res, Req>,
  ) => http.post(apiUrl(path), resolver),
  patch: <Res extends DefaultBodyType, Req extends DefaultBodyType = DefaultBodyType>(
    path: string,
    resolver: Resolver<Res, Req>,
  ) => http.patch(apiUrl(path), resolver),
  delete: <Res extends DefaultBodyType>(path: string, resolver: Resolver<Res>) => http.delete(apiUrl(path), resolver),
};

/** The server's error shape (DESIGN §3). */
export function apiError(status: number, body: ErrorBody, headers?: Record<string, string>) {
  return HttpResponse.json(body, { status, ...(headers ? { headers } : {}) });
}

/** Every request that reached the network in this test (method, path with query, headers), in order. */
export function recordRequests(): Array<{ method: string; path: string; headers: Headers }> {
  const seen: Array<{ method: string; path: string; headers: Headers }> = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    seen.push({ method: request.method, path: url.pathname + url.search, headers: request.headers });
  });
  return seen;
}
