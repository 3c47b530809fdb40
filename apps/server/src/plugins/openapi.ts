import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { TaggedEndpoint } from '@wyn/contract';
import { documentedBody } from './openapi-bodies.ts';

/**
 * OpenAPI generated from the routes' contract schemas: JSON at /api/docs/json, UI at /api/docs. Endpoints
 * whose route reads a JSON-or-multipart body itself are documented from their declaration (`openapi-bodies.ts`).
 */
export const openapiPlugin = fp(async (app: FastifyInstance, opts: { productName: string }) => {
  await app.register(swagger, {
    openapi: {
      info: { title: `${opts.productName} API`, version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const documented = documentedBody((input.route.config as { endpoint?: TaggedEndpoint } | undefined)?.endpoint);
      if (!documented || !out.schema || out.schema.hide || (out.schema as { body?: unknown }).body) return out;
      return { ...out, schema: { ...out.schema, body: documented.body, consumes: documented.consumes } };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
