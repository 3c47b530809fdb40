import type { TaggedEndpoint } from '@wyn/contract';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * The OpenAPI body (and content types) of an endpoint whose route reads a JSON-or-multipart body itself: such a
 * route cannot hand `body` to fastify, which would validate it before the multipart parts are read. Files are
 * documented as binary fields beside the text fields. Undefined for every other endpoint.
 */
export function documentedBody(
  endpoint: TaggedEndpoint | undefined,
): { body: JsonSchema; consumes: string[] } | undefined {
  if (!endpoint || endpoint.bodyEncoding !== 'json-or-multipart') return undefined;
  const fileFields = endpoint.files ?? [];
  const fields: JsonSchema = endpoint.body
    ? (z.toJSONSchema(endpoint.body, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema)
    : { type: 'object', properties: {}, required: [...fileFields] };
  delete fields.$schema;
  const files = Object.fromEntries(fileFields.map((f) => [f, { type: 'string', format: 'binary' }]));
  const body =
    fields.type === 'object' && !fields.allOf && !fields.anyOf
      ? { ...fields, properties: { ...(fields.properties as JsonSchema | undefined), ...files } }
      : { allOf: [fields, { type: 'object', properties: files }] };
  return {
    body,
    consumes: fileFields.length ? ['multipart/form-data', 'application/json'] : ['application/json'],
  };
}
