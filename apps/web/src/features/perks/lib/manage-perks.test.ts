import type { MyPerk } from '@wyn/contract';
import { describe, expect, it } from 'vitest';
import { perk } from '@/testing/fixtures';
import { applyMediaFixes, mediaFixFailure, perkBadge, planMediaFixes, repairExclusiveContent } from './manage-perks';

const NOW = Date.parse('2026-01-01T00:00:00Z');
const mine = (id: string, extra: Partial<MyPerk> = {}): MyPerk => ({
  ...perk(id),
  updated_at: '2025-01-01T00:00:00Z',
  is_verified: false,
  has_media_issue: false,
  exclusive_content: null,
  moderation: { hidden: false, reason: null },
  ...extra,
});

describe('perkBadge', () => {
  const base = { status: 'active', deadline: null, max_participants: null, purchased_count: 0 };
  it('follows the priority: status, expired, limit, active', () => {
    expect(perkBadge({ ...base, status: 'sold_out', deadline: '2020-01-01T00:00:00Z' }, NOW)).toEqual({
      kind: 'status',
      label: 'sold out',
    });
    expect(perkBadge({ ...base, deadline: '2020-01-01T00:00:00Z', max_participants: 0 }, NOW).label).toBe('Expired');
    expect(perkBadge({ ...base, max_participants: 0 }, NOW).label).toBe('Limit Reached');
    expect(perkBadge({ ...base, max_participants: 3, purchased_count: 3 }, NOW).label).toBe('Limit Reached');
    expect(perkBadge({ ...base, max_participants: 3, purchased_count: 2 }, NOW).label).toBe('Active');
    expect(perkBadge({ ...base, deadline: '2030-01-01T00:00:00Z' }, NOW).label).toBe('Active');
  });
});

describe('fix media planning', () => {
  it('drops blob addresses and falls back to permanent_media_url', () => {
    expect(
      repairExclusiveContent({
        content_type: 'images',
        media_urls: ['blob:http://a/1'],
        permanent_media_url: '/media/p.png',
      }),
    ).toEqual({ content_type: 'images', media_urls: ['/media/p.png'], permanent_media_url: '/media/p.png' });
    expect(
      repairExclusiveContent({ content_type: 'video', media_urls: ['blob:http://a/1', 'https://cdn/v.mp4'] }),
    ).toEqual({ content_type: 'video', media_urls: ['https://cdn/v.mp4'], permanent_media_url: 'https://cdn/v.mp4' });
    expect(repairExclusiveContent({ content_type: 'images', media_urls: ['blob:http://a/1'] })).toBeNull();
    expect(repairExclusiveContent({ content_type: 'text', text_body: 'x' })).toBeNull();
  });

  it('plans one PATCH per fixable perk with a media issue', () => {
    const fixes = planMediaFixes([
      mine('a', {
        has_media_issue: true,
        exclusive_content: { content_type: 'images', media_urls: ['blob:x', '/media/1.png'] },
      }),
      mine('b', { has_media_issue: true, exclusive_content: { content_type: 'images', media_urls: ['blob:y'] } }),
      mine('c', { exclusive_content: { content_type: 'images', media_urls: ['/media/2.png'] } }),
    ]);
    expect(fixes).toEqual([
      {
        id: 'a',
        exclusive_content: {
          content_type: 'images',
          media_urls: ['/media/1.png'],
          permanent_media_url: '/media/1.png',
        },
      },
    ]);
  });
});

describe('applying media fixes', () => {
  const fix = (id: string) => ({ id, exclusive_content: { content_type: 'images' as const, media_urls: ['/m.png'] } });

  it('saves every perk, keeps going past failures and counts both', async () => {
    const saved: string[] = [];
    const outcome = await applyMediaFixes(
      [fix('a'), fix('b'), fix('c'), fix('d')],
      async (f) => {
        if (f.id === 'b' || f.id === 'd') throw new Error(`no ${f.id}`);
        saved.push(f.id);
      },
      (e) => (e as Error).message,
    );
    expect(saved).toEqual(['a', 'c']);
    expect(outcome).toEqual({ fixed: 2, failed: 2, firstError: 'no b' });
    expect(mediaFixFailure(outcome)).toBe('2 perks could not be saved (no b)');
    expect(mediaFixFailure({ fixed: 0, failed: 1, firstError: 'x' })).toBe('1 perk could not be saved (x)');
  });

  it('reports nothing done for no fixes', async () => {
    expect(await applyMediaFixes([], () => Promise.resolve(), String)).toEqual({
      fixed: 0,
      failed: 0,
      firstError: null,
    });
  });
});
