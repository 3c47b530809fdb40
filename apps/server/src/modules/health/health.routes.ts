import { z } from 'zod';
import type { AppInstance, ModuleOptions } from '../../app.ts';

export async function healthRoutes(app: AppInstance, { deps }: ModuleOptions) {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string(), node: z.string() }),
          503: z.object({ status: z.literal('unavailable'), database: z.string(), node: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await deps.database.ping();
        return { status: 'ok' as const, database: deps.database.kind, node: process.version };
      } catch {
        return reply
          .status(503)
          .send({ status: 'unavailable' as const, database: deps.database.kind, node: process.version });
      }
    },
  );
}
