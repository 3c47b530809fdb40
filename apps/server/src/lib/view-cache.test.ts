import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CommittedEvent, DomainEvent } from '../events/domain-events.ts';
import { viewCacheConsumer } from '../events/view-cache.consumer.ts';
import { createViewCache, touchAll, touchTag, viewOfRow } from './view-cache.ts';

/** A loader that counts its reads and answers `value()` as it is when the read ends. */
function counted<T>(value: () => T) {
  const reads = { n: 0 };
  return { reads, load: async () => (reads.n++, value()) };
}

function manualClock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

const committed = (event: DomainEvent): CommittedEvent => ({ ...event, id: randomUUID() }) as CommittedEvent;

describe('view cache', () => {
  it('answers a kept view until one of its tags is touched, then reads again', async () => {
    const clock = manualClock();
    const cache = createViewCache<string>({ ttlMs: 1000, clock: clock.now });
    const [row, viewer, other] = [randomUUID(), randomUUID(), randomUUID()];
    let title = 'first';
    const { reads, load } = counted(() => title);
    expect(await cache.get('k', [row, viewer], load)).toBe('first');
    title = 'second';
    expect(await cache.get('k', [row, viewer], load)).toBe('first');
    expect(reads.n).toBe(1);
    touchTag(other);
    expect(await cache.get('k', [row, viewer], load)).toBe('first');
    touchTag(row);
    expect(await cache.get('k', [row, viewer], load)).toBe('second');
    title = 'third';
    touchTag(viewer);
    expect(await cache.get('k', [row, viewer], load)).toBe('third');
    expect(reads.n).toBe(3);
  });

  it('drops a view under a tag only the loaded value names (a quest’s creator)', async () => {
    const cache = createViewCache<{ creator: string | null; name: string }>({ ttlMs: 1000 });
    const [quest, viewer, creator] = [randomUUID(), randomUUID(), randomUUID()];
    let name = 'Ava';
    const { reads, load } = counted(() => ({ creator, name }));
    expect((await viewOfRow(cache, quest, viewer, load)).name).toBe('Ava');
    name = 'Ava B';
    expect((await viewOfRow(cache, quest, viewer, load)).name).toBe('Ava');
    touchTag(creator);
    expect((await viewOfRow(cache, quest, viewer, load)).name).toBe('Ava B');
    expect(reads.n).toBe(2);
    // The row's id is matched as the path and the database spell it, whatever case the request used.
    touchTag(quest);
    name = 'C';
    expect((await viewOfRow(cache, quest.toUpperCase(), viewer, load)).name).toBe('C');
  });

  it('does not keep a view read while one of its tags was touched (the read may predate the change)', async () => {
    const cache = createViewCache<string>({ ttlMs: 1000 });
    const row = randomUUID();
    let value = 'old';
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = async () => {
      const seen = value;
      await gate;
      return seen;
    };
    const pending = cache.get('k', [row], slow);
    // The change commits and touches the row while the read is still under way.
    value = 'new';
    touchTag(row);
    // A reader arriving now does not join the read that began before the change.
    const fresh = cache.get('k', [row], async () => value);
    release();
    expect(await pending).toBe('old');
    expect(await fresh).toBe('new');
    expect(await cache.get('k', [row], async () => 'unused')).toBe('new');
  });

  it('reads once for concurrent readers, and never keeps a failed read', async () => {
    const cache = createViewCache<number>({ ttlMs: 1000 });
    const { reads, load } = counted(() => 7);
    const all = await Promise.all(Array.from({ length: 20 }, () => cache.get('k', ['t'], load)));
    expect(all).toEqual(Array(20).fill(7));
    expect(reads.n).toBe(1);
    let fail = true;
    const flaky = async () => {
      if (fail) throw new Error('database down');
      return 1;
    };
    await expect(cache.get('f', ['t2'], flaky)).rejects.toThrow('database down');
    fail = false;
    expect(await cache.get('f', ['t2'], flaky)).toBe(1);
  });

  it('answers a view older than its time while one read refreshes it, and waits once it is too old', async () => {
    const clock = manualClock();
    const cache = createViewCache<string>({ ttlMs: 1000, maxStaleMs: 5000, clock: clock.now });
    let value = 'a';
    const { reads, load } = counted(() => value);
    await cache.get('k', ['t3'], load);
    value = 'b';
    clock.advance(1500);
    expect(await cache.get('k', ['t3'], load)).toBe('a');
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('k', ['t3'], load)).toBe('b');
    expect(reads.n).toBe(2);
    value = 'c';
    clock.advance(6000);
    expect(await cache.get('k', ['t3'], load)).toBe('c');
  });

  it('reads every time when turned off', async () => {
    const cache = createViewCache<number>({ ttlMs: 0 });
    const { reads, load } = counted(() => 1);
    await cache.get('k', [], load);
    await cache.get('k', [], load);
    expect(reads.n).toBe(2);
  });

  it('keeps at most maxEntries views, dropping the oldest', async () => {
    const cache = createViewCache<string>({ ttlMs: 1000, maxEntries: 2 });
    const { reads, load } = counted(() => 'v');
    await cache.get('a', [], load);
    await cache.get('b', [], load);
    await cache.get('c', [], load);
    await cache.get('c', [], load);
    await cache.get('a', [], load);
    expect(reads.n).toBe(4);
  });
});

describe('view cache consumer', () => {
  it('touches every id a committed event names, and everything when the event came without its payload', async () => {
    const cache = createViewCache<number>({ ttlMs: 1000 });
    const [quest, member, bystander] = [randomUUID(), randomUUID(), randomUUID()];
    let n = 0;
    const load = async () => ++n;
    await cache.get('q', [quest], load);
    await cache.get('m', [member], load);
    await cache.get('b', [bystander], load);
    viewCacheConsumer.handle(committed({ type: 'quest.joined', payload: { questId: quest, userId: member } }));
    expect(await cache.get('q', [quest], load)).toBe(4);
    expect(await cache.get('m', [member], load)).toBe(5);
    expect(await cache.get('b', [bystander], load)).toBe(3);
    viewCacheConsumer.handle(
      committed({
        type: 'announcement.batch',
        payload: { announcementId: randomUUID(), title: 't', message: 'm', link: null, userIds: [bystander] },
      }),
    );
    expect(await cache.get('b', [bystander], load)).toBe(6);
    // A NOTIFY too long for its payload arrives as `payload: {}` (outbox.ts wireOf).
    viewCacheConsumer.handle({ id: randomUUID(), type: 'quest.updated', payload: {} } as unknown as CommittedEvent);
    expect(await cache.get('q', [quest], load)).toBe(7);
    touchAll();
    expect(await cache.get('q', [quest], load)).toBe(8);
  });
});
