import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { refuseUnstorableText } from '../lib/storable-text.ts';

/**
 * The contract's storable-text rule (NUL, lone surrogates) applied to every route's params, query and body,
 * as one app-wide hook rather than a refinement each schema must remember: a new route, a new schema, or a
 * route with no schema for a part is covered all the same. It runs after validation, so a schema that words
 * the failure itself (chat, profile fields) keeps its message, and it sees the values the handler will get.
 * Multipart bodies are read in the handler; `readMultipart` applies the same rule to their fields and file names.
 */
export const storableTextPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preHandler', async (request) => {
    refuseUnstorableText(request.params);
    refuseUnstorableText(request.query);
    refuseUnstorableText(request.body);
  });
});
