import { z } from 'zod';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';

const body = {
  database: z.string(),
  node: z.string(),
  /** Present when REDIS_URL is set. */
  redis: z.enum(['ok', 'down']).optional(),
};

/**
 * `GET /healthz`: 503 when the database does not answer; 200 `degraded` when only Redis is down, since the
 * app still serves everything then (rate limits fall back to this process's counters).
 */
export async function healthRoutes(app: AppInstance, { deps }: ModuleOptions) {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.enum(['ok', 'degraded']), ...body }),
          503: z.object({ status: z.literal('unavailable'), ...body }),
        },
      },
    },
    async (_request, reply) => {
      const [database, redis] = await Promise.all([
        deps.database.ping().then(
          () => true,
          () => false,
        ),
        deps.redis?.check(),
      ]);
      const parts = { database: deps.database.kind, node: process.version, ...(redis ? { redis } : {}) };
      if (!database) return reply.status(503).send({ status: 'unavailable' as const, ...parts });
      return { status: redis === 'down' ? ('degraded' as const) : ('ok' as const), ...parts };
    },
  );
}
