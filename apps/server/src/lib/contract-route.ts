import type {
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
  preValidationHookHandler,
} from 'fastify';
import type {
  EndpointBody,
  EndpointDefinition,
  EndpointParams,
  EndpointQuery,
  EndpointReply,
  TaggedEndpoint,
} from '@wyn/contract';
import type { AppInstance } from '../app-types.ts';

const API_ROOT = '/api/v1/';

/** The request a contract route's handler sees: params, query and body typed (and validated) by the endpoint. */
export type ContractRequest<E extends EndpointDefinition> = FastifyRequest<{
  Params: EndpointParams<E>;
  Querystring: EndpointQuery<E>;
  // A body the route reads itself (JSON or multipart) arrives unchecked; the handler parses it.
  Body: E['bodyEncoding'] extends 'json-or-multipart' ? unknown : EndpointBody<E>;
}>;

export type ContractHandler<E extends EndpointDefinition> = (
  request: ContractRequest<E>,
  reply: FastifyReply,
  // A stream or a file is written to the hijacked reply: nothing to return.
) => Promise<EndpointReply<E> | FastifyReply | (E['kind'] extends 'sse' | 'file' ? void : never)>;

/** What a route adds to its endpoint: hooks (rate limits), fastify route config, a larger body limit. */
export interface ContractRouteOptions {
  onRequest?: onRequestHookHandler;
  preValidation?: preValidationHookHandler;
  preHandler?: preHandlerHookHandler;
  config?: Record<string, unknown>;
  bodyLimit?: number;
  /** Hand a validation failure to the handler instead of answering 400 (for a message of the route's own). */
  attachValidation?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint a route serves (the OpenAPI transform and the route-coverage test read it). */
    endpoint?: TaggedEndpoint;
  }
}

/** `club/wallets/:id/` relative to the plugin's prefix (a module may be registered under `/api/v1/club`). */
function localUrl(app: AppInstance, path: string): string {
  const full = API_ROOT + path;
  const prefix = app.prefix;
  if (!full.startsWith(prefix)) throw new Error(`Endpoint ${full} cannot be served under the prefix ${prefix}`);
  const rest = full.slice(prefix.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * Registers the route that serves `endpoint`: method, path (and aliases), the schemas that validate params,
 * query and body and serialise (and check) the answer, the bearer guard (`member`, `staff`), the API reference
 * entry. The handler's types come from the same declaration the web app calls.
 */
export function contractRoute<E extends TaggedEndpoint>(
  app: AppInstance,
  endpoint: E,
  handler: ContractHandler<E>,
  options: ContractRouteOptions = {},
): void {
  const member = endpoint.auth !== 'none';
  const response: Record<number, unknown> = {};
  for (const [status, schema] of Object.entries(endpoint.responses)) {
    // An event stream or a file is written by the handler; a bodyless answer has nothing to check.
    if (schema && (endpoint.kind ?? 'json') === 'json') response[Number(status)] = schema;
  }
  const schema = {
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...(member ? { security: [{ bearer: [] }] } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body && endpoint.bodyEncoding !== 'json-or-multipart' ? { body: endpoint.body } : {}),
    ...(Object.keys(response).length ? { response } : {}),
  };
  const onRequest = [
    ...(member ? [app.authenticate] : []),
    ...(endpoint.auth === 'staff' ? [app.requireStaff] : []),
    ...(options.onRequest ? [options.onRequest] : []),
  ];
  for (const path of [endpoint.path, ...(endpoint.aliases ?? [])]) {
    app.route({
      method: endpoint.method,
      url: localUrl(app, path),
      schema,
      ...(onRequest.length ? { onRequest } : {}),
      ...(options.preValidation ? { preValidation: options.preValidation } : {}),
      ...(options.preHandler ? { preHandler: options.preHandler } : {}),
      ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
      ...(options.attachValidation ? { attachValidation: true } : {}),
      config: { ...options.config, endpoint },
      // The endpoint's types were checked on `handler`'s signature; fastify's own generics cannot follow them.
      handler: handler as never,
    });
  }
}
