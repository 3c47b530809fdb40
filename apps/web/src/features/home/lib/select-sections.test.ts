import type { HomepageComplete, PerkCard, QuestCard } from '@wyn/contract';
import { describe, expect, it } from 'vitest';
import { selectHomeContent } from './select-sections';

const q = (id: string): QuestCard => ({
  id,
  title: id,
  description: '',
  reward_amount: '10.00',
  task_type: 'join',
  status: 'published',
  media: null,
  tags: [],
  creator: null,
  deadline: null,
  max_participants: null,
  current_participants: 0,
  created_at: '2025-01-01T00:00:00Z',
});
const p = (id: string): PerkCard => ({
  id,
  title: id,
  description: '',
  cost_amount: '5.00',
  perk_type: 'discount_code',
  status: 'active',
  media: null,
  tags: [],
  creator: null,
  deadline: null,
  max_participants: null,
  purchased_count: 0,
  created_at: '2025-01-01T00:00:00Z',
});

const base: HomepageComplete = {
  banner_sliders: [],
  sections: [],
  task_carousels: {},
  perk_carousels: {},
  user_carousels: {},
  featured_quests: [q('featured-unused')],
  featured_perks: [],
  featured_users: [],
};

describe('selectHomeContent', () => {
  it('collects task and perk carousel items in section order, deduplicated', () => {
    const data: HomepageComplete = {
      ...base,
      sections: [
        { id: 's2', title: 'B', section_type: 'task_carousel', order: 2 },
        { id: 's1', title: 'A', section_type: 'task_carousel', order: 1 },
        { id: 's3', title: 'P', section_type: 'perk_carousel', order: 3 },
      ],
      task_carousels: { s1: [q('a'), q('b')], s2: [q('b'), q('c')] },
      perk_carousels: { s3: [p('x')] },
    };
    const c = selectHomeContent(data);
    expect(c.quests.map((x) => x.id)).toEqual(['a', 'b', 'c']);
    expect(c.perks.map((x) => x.id)).toEqual(['x']);
    expect(c.hasUserSections).toBe(false);
  });

  it('ignores featured_* and reports user sections even when empty', () => {
    const c = selectHomeContent({
      ...base,
      sections: [{ id: 'u', title: 'U', section_type: 'user_carousel', order: 1 }],
    });
    expect(c.quests).toEqual([]);
    expect(c.hasUserSections).toBe(true);
    expect(c.users).toEqual([]);
  });

  it('handles missing data', () => {
    expect(selectHomeContent(undefined)).toEqual({
      banners: [],
      quests: [],
      perks: [],
      users: [],
      hasUserSections: false,
    });
  });
});
