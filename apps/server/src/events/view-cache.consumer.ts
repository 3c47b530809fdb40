import { touchAll, touchTag } from '../lib/view-cache.ts';
import type { InProcessConsumer } from './event-bus.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Hot reads kept in memory (lib/view-cache.ts) are dropped for every id a committed event names: the quest or perk
 * it changed, the members it concerns. An event that reached this instance without its payload (too long for a
 * NOTIFY, outbox.ts `wireOf`) drops them all.
 */
export const viewCacheConsumer: InProcessConsumer = {
  name: 'view-cache',
  handle(event) {
    const values = Object.values(event.payload as Record<string, unknown>);
    if (values.length === 0) return touchAll();
    for (const value of values.flat()) if (typeof value === 'string' && UUID.test(value)) touchTag(value.toLowerCase());
  },
};
