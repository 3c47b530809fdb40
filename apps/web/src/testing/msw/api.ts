import { http, HttpResponse, type DefaultBodyType, type HttpResponseResolver, type PathParams } from 'msw';
import type { EndpointOutput, ErrorBody, Route } from '@wyn/contract';
import type { EndpointName, Endpoints } from '@wyn/contract/endpoints';
import { server } from './server';

/** Matches an API path (relative to /api/v1/, as a route declares it) on whatever origin the test runs at. */
export const apiUrl = (path: string) => `*/api/v1/${path.split('?')[0]}`;

type Resolver<Res extends DefaultBodyType, Req extends DefaultBodyType = DefaultBodyType> = HttpResponseResolver<
  PathParams,
  Req,
  Res
>;

/** Typed handlers: the response type comes from the contract, so a fixture that drifts fails the type check. */
export const api = {
  /**
   * A handler for a contract endpoint, at its declared method and path (`:id` parameters match any value);
   * the fixture is typed by the endpoint's response (or the error shape), and the client checks a success
   * answer against the schema too.
   */
  on: <N extends EndpointName>(
    route: Route<N>,
    resolver: Resolver<(EndpointOutput<Endpoints[N]> | ErrorBody) & DefaultBodyType>,
  ) => {
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    return http[method](apiUrl(route.path), resolver);
  },
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

/** The server's error shape (docs/architecture.md, API conventions). */
export function apiError(status: number, body: ErrorBody, headers?: Record<string, string>) {
  return HttpResponse.json<ErrorBody>(body, { status, ...(headers ? { headers } : {}) });
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

export interface RoutedCall {
  method: string;
  url: string;
  /** The JSON body, the raw text when it is not JSON, undefined when there is none. */
  body: unknown;
}

/** A JSON body (an object or an array). */
type RouteAnswer = object;
type RouteResolver = (request: Request) => Response | Promise<Response>;

/**
 * Answers API requests by path fragment (first match wins): a value is sent as JSON, a function returns the
 * Response. Calls are recorded. A request that matches no fragment is unhandled and fails the test.
 */
export function routes(map: Record<string, RouteAnswer | RouteResolver>): RoutedCall[] {
  const calls: RoutedCall[] = [];
  server.use(
    http.all('*/api/v1/*', async ({ request }) => {
      const entry = Object.entries(map).find(([fragment]) => request.url.includes(fragment));
      if (!entry) return undefined;
      const text = await request.clone().text();
      let body: unknown = undefined;
      if (text) {
        try {
          body = JSON.parse(text) as unknown;
        } catch {
          body = text;
        }
      }
      calls.push({ method: request.method, url: request.url, body });
      const answer = entry[1];
      return typeof answer === 'function' ? (answer as RouteResolver)(request) : HttpResponse.json(answer as never);
    }),
  );
  return calls;
}
