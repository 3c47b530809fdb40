import {
  createPerkRequest,
  createQuestRequest,
  redeemRequest,
  submitProofRequest,
  updatePerkRequest,
  updateProfileRequest,
} from '@wyn/contract';
import { z } from 'zod';

/**
 * Request bodies of the routes that read their body in the handler (JSON or multipart, parsed with
 * `parseBody`), for the OpenAPI document only: such a route cannot declare `schema.body`, which fastify would
 * validate before the multipart parts are read. Files are documented as binary fields beside the text fields.
 */
type DocumentedBody = { schema?: z.ZodType; files?: string[]; multipart: boolean };

export const DOCUMENTED_BODIES: Record<string, DocumentedBody> = {
  'POST /api/v1/club/tasks/': { schema: createQuestRequest, files: ['media'], multipart: true },
  'POST /api/v1/club/tasks/:id/submit_proof/': { schema: submitProofRequest, files: ['proof_image'], multipart: true },
  'POST /api/v1/club/perks/': { schema: createPerkRequest, files: ['media', 'exclusive_media'], multipart: true },
  'PATCH /api/v1/club/perks/:id/': { schema: updatePerkRequest, multipart: false },
  'POST /api/v1/club/perks/:id/redeem/': { schema: redeemRequest, multipart: false },
  'POST /api/v1/club/media/upload/': { files: ['file'], multipart: true },
  'PATCH /api/v1/club/profiles/:id/': { schema: updateProfileRequest, files: ['avatar'], multipart: true },
};

type JsonSchema = Record<string, unknown>;

/** The OpenAPI body (and content types) for `method url`, or undefined when the route declares its own. */
export function documentedBody(method: string, url: string): { body: JsonSchema; consumes: string[] } | undefined {
  const doc = DOCUMENTED_BODIES[`${method} ${url}`];
  if (!doc) return undefined;
  const fields: JsonSchema = doc.schema
    ? (z.toJSONSchema(doc.schema, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema)
    : { type: 'object', properties: {}, required: doc.files ?? [] };
  delete fields.$schema;
  const files = Object.fromEntries((doc.files ?? []).map((f) => [f, { type: 'string', format: 'binary' }]));
  const body =
    fields.type === 'object' && !fields.allOf && !fields.anyOf
      ? { ...fields, properties: { ...(fields.properties as JsonSchema | undefined), ...files } }
      : { allOf: [fields, { type: 'object', properties: files }] };
  return {
    body,
    consumes: doc.multipart ? ['multipart/form-data', 'application/json'] : ['application/json'],
  };
}
