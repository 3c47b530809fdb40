import type { TestApp } from './create-test-app.ts';

type Caller = { auth: { authorization: string } };

/**
 * Requests to /api/v1/club/ as a member, through `app.inject`. Takes a getter because suites create
 * their app in `beforeAll`.
 */
export function clubRequests(app: () => TestApp['app']) {
  const url = (path: string) => `/api/v1/club${path}`;
  return {
    post: (by: Caller, path: string, payload?: unknown, headers: Record<string, string> = {}) =>
      app().inject({ method: 'POST', url: url(path), headers: { ...by.auth, ...headers }, payload: payload as object }),
    get: (by: Caller, path: string) => app().inject({ method: 'GET', url: url(path), headers: by.auth }),
    patch: (by: Caller, path: string, payload: unknown) =>
      app().inject({ method: 'PATCH', url: url(path), headers: by.auth, payload: payload as object }),
    del: (by: Caller, path: string) => app().inject({ method: 'DELETE', url: url(path), headers: by.auth }),
  };
}
