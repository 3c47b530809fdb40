import type { FastifyRequest } from 'fastify';
import type { Paginated, PageQuery } from '@wyn/contract';

/** LIMIT/OFFSET for a validated `page`/`page_size` query (the contract caps page_size at 100). */
export function pageWindow(q: PageQuery): { limit: number; offset: number } {
  return { limit: q.page_size, offset: (q.page - 1) * q.page_size };
}

/**
 * Absolute next/previous links for a list (docs/architecture.md, API conventions): the request's own path and query with `page`
 * replaced, on the public address. `null` when there is no such page.
 */
export function pageLinks(
  request: Pick<FastifyRequest, 'url'>,
  publicUrl: string,
  q: PageQuery,
  count: number,
): { next: string | null; previous: string | null } {
  const lastPage = Math.max(1, Math.ceil(count / q.page_size));
  const link = (page: number) => {
    const url = new URL(request.url, `${publicUrl}/`);
    url.searchParams.set('page', String(page));
    url.searchParams.set('page_size', String(q.page_size));
    return `${publicUrl}${url.pathname}${url.search}`;
  };
  return {
    next: q.page < lastPage ? link(q.page + 1) : null,
    previous: q.page > 1 ? link(Math.min(q.page - 1, lastPage)) : null,
  };
}

/** `{results, count, next, previous}` for one page of a list. */
export function paginated<T>(
  request: Pick<FastifyRequest, 'url'>,
  publicUrl: string,
  q: PageQuery,
  results: T[],
  count: number,
): Paginated<T> {
  return { results, count, ...pageLinks(request, publicUrl, q, count) };
}
