import type { z } from 'zod';
import type { HttpMethod, RouteAuth, RouteKind } from './route.ts';

export type SuccessStatus = 200 | 201 | 202 | 204;

/**
 * One API endpoint, declared once: the server registers its route from this and the web app's fetchers call it
 * by its generated route (`routes.gen.ts`); both sides take their types from the schemas here.
 */
export interface EndpointDefinition {
  method: HttpMethod;
  /** Relative to `/api/v1/`, with `:name` parameters: `club/wallets/:id/transfer/`. */
  path: string;
  /** Other paths served the same way (names the spec also uses); clients call `path`. */
  aliases?: readonly string[];
  /**
   * `member`: a valid access token, or 401; `staff`: also `is_staff` as the database says now, or 403;
   * `none`: public (sign-in calls never refresh a token).
   */
  auth: RouteAuth;
  /** One line for the API reference. */
  summary: string;
  /**
   * A read sent as a POST (a search with a body): the server does not treat it as a change (a write request drops
   * the caller's views kept in memory, apps/server/src/lib/view-cache.ts).
   */
  read?: true;
  /** Honours an `Idempotency-Key` header: a repeat with the same key and body gets the first answer. */
  idempotent?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * `json-or-multipart`: the route reads the body itself (JSON, or multipart/form-data with the `files` fields)
   * and checks the text fields against `body`; fastify cannot validate such a body before its parts are read.
   */
  bodyEncoding?: 'json' | 'json-or-multipart';
  /** The file fields of a multipart body. */
  files?: readonly string[];
  /** The success answers by status; `null`: no body. For `sse`, the schema of one event's data. */
  responses: Partial<Record<SuccessStatus, z.ZodType | null>>;
  /** `json` (default), `sse` (an event stream) or `file` (bytes, e.g. a private download). */
  kind?: RouteKind;
}

export type TaggedEndpoint = EndpointDefinition & { tag: string };

/** A domain's endpoints, each tagged with the domain for the API reference. */
export function defineEndpoints<const T extends Record<string, EndpointDefinition>>(
  tag: string,
  defs: T,
): { [K in keyof T]: T[K] & { tag: string } } {
  const out: Record<string, TaggedEndpoint> = {};
  for (const [name, def] of Object.entries(defs)) out[name] = { ...def, tag };
  return out as { [K in keyof T]: T[K] & { tag: string } };
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a caller sends: path parameters, query and body, typed from the schemas (the input side). */
export type EndpointInput<E extends EndpointDefinition> = (E['params'] extends z.ZodType
  ? { params: Input<E['params']> }
  : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query?: Partial<Input<E['query']>> } : { query?: undefined }) &
  (E['body'] extends z.ZodType
    ? E['bodyEncoding'] extends 'json-or-multipart'
      ? { body: Input<E['body']> | FormDataLike }
      : { body: Input<E['body']> }
    : E['bodyEncoding'] extends 'json-or-multipart'
      ? { body: FormDataLike }
      : { body?: undefined });

/** Anything FormData-shaped (the contract has no DOM types). */
export interface FormDataLike {
  append(name: string, value: unknown, fileName?: string): void;
}

/** What a success answer holds, per status (the output side, as a client reads it). */
export type EndpointOutput<E extends EndpointDefinition> = {
  [S in keyof E['responses']]: E['responses'][S] extends z.ZodType ? z.output<E['responses'][S]> : undefined;
}[keyof E['responses']];

/** What a handler may return (the input side of the response schemas, before serialisation). */
export type EndpointReply<E extends EndpointDefinition> = {
  [S in keyof E['responses']]: E['responses'][S] extends z.ZodType ? z.input<E['responses'][S]> : undefined;
}[keyof E['responses']];

export type EndpointParams<E extends EndpointDefinition> = Output<E['params']>;
export type EndpointQuery<E extends EndpointDefinition> = Output<E['query']>;
export type EndpointBody<E extends EndpointDefinition> = Output<E['body']>;
