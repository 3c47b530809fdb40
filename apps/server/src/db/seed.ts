import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from './client.ts';

export async function seedIfEmpty(_db: Db, _opts: { config: Config; log: FastifyBaseLogger }): Promise<boolean> {
  return false;
}
