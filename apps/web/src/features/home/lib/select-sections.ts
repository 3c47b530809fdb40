import type { Banner, HomepageComplete, PerkCard, ProfileCard, QuestCard, SectionType } from '@wyn/contract';

export interface HomeContent {
  banners: Banner[];
  quests: QuestCard[];
  perks: PerkCard[];
  users: ProfileCard[];
  /** Top Users is shown only when the home data has user sections. */
  hasUserSections: boolean;
}

function collect<T extends { id: string }>(
  data: HomepageComplete,
  type: SectionType,
  map: Record<string, T[]> | undefined,
): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  const sections = [...(data.sections ?? [])]
    .filter((s) => s.section_type === type)
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  for (const section of sections) {
    for (const item of map?.[section.id] ?? []) {
      if (!item || seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}

/** The home lists from homepage/complete: items of task/perk/user carousel sections, in section order, deduplicated. */
export function selectHomeContent(data: HomepageComplete | undefined): HomeContent {
  if (!data) return { banners: [], quests: [], perks: [], users: [], hasUserSections: false };
  const banners = [...(data.banner_sliders ?? [])].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  return {
    banners,
    quests: collect(data, 'task_carousel', data.task_carousels),
    perks: collect(data, 'perk_carousel', data.perk_carousels),
    users: collect(data, 'user_carousel', data.user_carousels),
    hasUserSections: (data.sections ?? []).some((s) => s.section_type === 'user_carousel'),
  };
}
