// The zod-free half of an endpoint: what a client needs at run time to call it. `routes.gen.ts` holds one of
// these per endpoint, generated from the declarations in `endpoints/`, so the web app can call an endpoint
// without loading its schemas (which development and tests load lazily, to check each answer).

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteAuth = 'none' | 'member' | 'staff';
export type RouteKind = 'json' | 'sse' | 'file';

export interface Route<N extends string = string> {
  /** The endpoint's name in `endpoints` (the key its schemas are found under). */
  readonly name: N;
  readonly method: HttpMethod;
  /** Relative to `/api/v1/`, with `:name` parameters. */
  readonly path: string;
  readonly auth: RouteAuth;
  readonly idempotent: boolean;
  readonly kind: RouteKind;
}

/** `club/wallets/:id/transfer/` with `{ id }` → `club/wallets/<id>/transfer/` (each value URI-encoded). */
export function buildRoutePath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined || value === null || value === '')
      throw new Error(`Missing path parameter "${key}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
