import { z } from 'zod';
import { LIMITS } from './limits.ts';

export const tag = z.object({ id: z.uuid(), name: z.string() });
export type Tag = z.infer<typeof tag>;

export const createTagRequest = z.object({
  name: z
    .string({ error: 'Tag name is required' })
    .trim()
    .min(1, 'Tag name is required')
    .max(LIMITS.tagNameMax, `Tag name must be at most ${LIMITS.tagNameMax} characters`)
    .regex(/^[^#\s][^\n]*$/, 'Tag name cannot start with # or a space'),
});
