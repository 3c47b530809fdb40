import { describe, expect, it } from 'vitest';
import type { CommittedEvent, DomainEvent } from '../../events/domain-events.ts';
import { BROAD_MARGIN_MS, searchContentChanged, searchMemory } from './search-cache.ts';
import { exploreSearchCacheConsumer, searchMatchesChanged } from './search-cache.consumer.ts';

const committed = (event: DomainEvent): CommittedEvent => ({ ...event, id: 'e1' }) as CommittedEvent;

describe('search memory', () => {
  it('remembers a broad member term until the margin ends or a member change commits, apart from other kinds', () => {
    const memory = searchMemory({});
    const now = Date.now();
    memory.setBroad('users', '"the"|', now + BROAD_MARGIN_MS);
    memory.setBroad('tasks', 'the:*|', now + BROAD_MARGIN_MS);
    expect(memory.isBroad('users', '"the"|', now)).toBe(true);
    expect(memory.isBroad('users', '"the"|', now + BROAD_MARGIN_MS)).toBe(false);
    expect(memory.isBroad('users', '"theo"|', now)).toBe(false);
    expect(memory.isBroad('perks', '"the"|', now)).toBe(false);

    searchContentChanged('users');
    expect(memory.isBroad('users', '"the"|', now)).toBe(false);
    // The quests' entry has its own version.
    expect(memory.isBroad('tasks', 'the:*|', now)).toBe(true);
    // Remembered again after the change, it holds until the next one.
    memory.setBroad('users', '"the"|', now + BROAD_MARGIN_MS);
    expect(memory.isBroad('users', '"the"|', now)).toBe(true);
    searchContentChanged('tasks');
    expect(memory.isBroad('users', '"the"|', now)).toBe(true);
    expect(memory.isBroad('tasks', 'the:*|', now)).toBe(false);
  });

  it('keeps one memory per database handle', () => {
    const a = searchMemory({});
    const b = searchMemory({});
    a.setBroad('users', '"x"|', Date.now() + BROAD_MARGIN_MS);
    expect(a.isBroad('users', '"x"|', Date.now())).toBe(true);
    expect(b.isBroad('users', '"x"|', Date.now())).toBe(false);
  });
});

describe('explore search cache consumer', () => {
  const userId = '00000000-0000-4000-8000-000000000001';
  const moderated = (targetType: 'quest' | 'perk' | 'profile' | 'message', hidden = true) =>
    committed({ type: 'content.moderated', payload: { targetType, targetId: userId, hidden } });

  it('says which kind of matches an event can take away', () => {
    expect(searchMatchesChanged(committed({ type: 'member.renamed', payload: { userId } }))).toBe('users');
    expect(searchMatchesChanged(committed({ type: 'account.disabled', payload: { userId } }))).toBe('users');
    const privacy = (isPrivate: boolean) =>
      committed({ type: 'profile.privacy_changed', payload: { userId, private: isPrivate } });
    expect(searchMatchesChanged(privacy(true))).toBe('users');
    // Made public again only adds matches.
    expect(searchMatchesChanged(privacy(false))).toBeNull();
    expect(searchMatchesChanged(moderated('profile'))).toBe('users');
    expect(searchMatchesChanged(moderated('quest'))).toBe('tasks');
    expect(searchMatchesChanged(moderated('perk', false))).toBe('perks');
    expect(searchMatchesChanged(moderated('message'))).toBeNull();
    expect(searchMatchesChanged(committed({ type: 'perk.deleted', payload: { perkId: userId } }))).toBe('perks');
    expect(
      searchMatchesChanged(
        committed({ type: 'follow.created', payload: { followerId: userId, followerName: 'A', targetId: userId } }),
      ),
    ).toBeNull();
  });

  it('makes this process forget the broad member terms when a member is renamed', () => {
    const memory = searchMemory({});
    const now = Date.now();
    memory.setBroad('users', '"the"|', now + BROAD_MARGIN_MS);
    memory.setBroad('perks', 'the:*|', now + BROAD_MARGIN_MS);
    exploreSearchCacheConsumer.handle(committed({ type: 'member.renamed', payload: { userId } }));
    expect(memory.isBroad('users', '"the"|', now)).toBe(false);
    expect(memory.isBroad('perks', 'the:*|', now)).toBe(true);
  });
});
