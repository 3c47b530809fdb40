import {
  banners,
  exploreCategories,
  exploreFilters,
  featuredItems,
  homeSectionItems,
  homeSections,
  messages,
  popularSearches,
} from '../schema/index.ts';
import {
  ANNOUNCEMENTS,
  BANNERS,
  EXPLORE_CATEGORIES,
  EXPLORE_FILTERS,
  FEATURED,
  HOME_SECTIONS,
  POPULAR_SEARCHES,
} from './home-data.ts';
import { CHAT, MEMBERS } from './members-data.ts';
import { media, type SeedContext } from './seed-context.ts';

/**
 * What a member sees around the quests and perks: announcements, a conversation, and the curated home and
 * explore pages. Runs last, since it points at members, quests and perks by key.
 */
export async function seedHome(ctx: SeedContext): Promise<void> {
  await seedAnnouncements(ctx);
  await seedChat(ctx);
  await seedBanners(ctx);
  await seedHomeSections(ctx);
  await seedFeatured(ctx);
  await seedExplore(ctx);
}

async function seedAnnouncements({ config, perkRow, notify }: SeedContext) {
  for (const m of MEMBERS)
    for (const a of ANNOUNCEMENTS)
      await notify(
        m.key,
        a.type,
        a.title.replace('{product}', config.productName),
        a.message,
        typeof a.link === 'string' ? a.link : `/perk/${perkRow[a.link.perk]!.id}`,
        a.hoursAgo === 'joined' ? m.joinedDaysAgo * 24 : a.hoursAgo,
        a.isRead,
      );
}

/** So Messages is not empty; the first two are already read. */
async function seedChat({ tx, ago, member }: SeedContext) {
  for (const [i, [from, to, content]] of CHAT.entries()) {
    const sentAt = ago((CHAT.length - i) * 20 * 60 * 1000);
    await tx
      .insert(messages)
      .values({ senderId: member[from].id, receiverId: member[to].id, content, sentAt, readAt: i < 2 ? sentAt : null });
  }
}

async function seedBanners({ tx, config }: SeedContext) {
  await tx.insert(banners).values(
    BANNERS.map((b) => ({
      title: b.title,
      description: b.description.replace('Wyn', config.productName),
      imageUrl: media(b.image),
      link: `${config.publicUrl}${b.path}`,
      order: b.order,
    })),
  );
}

async function seedHomeSections({ tx, member, questRow, perkRow }: SeedContext) {
  for (const s of HOME_SECTIONS) {
    const [section] = await tx
      .insert(homeSections)
      .values({ title: s.title, sectionType: s.type, order: s.order })
      .returning({ id: homeSections.id });
    const ids =
      s.type === 'task_carousel'
        ? s.quests.map((k) => questRow[k]!.id)
        : s.type === 'perk_carousel'
          ? s.perks.map((k) => perkRow[k]!.id)
          : s.members.map((k) => member[k].id);
    await tx.insert(homeSectionItems).values(
      ids.map((id, order) => ({
        sectionId: section!.id,
        order,
        questId: s.type === 'task_carousel' ? id : null,
        perkId: s.type === 'perk_carousel' ? id : null,
        userId: s.type === 'user_carousel' ? id : null,
      })),
    );
  }
}

async function seedFeatured({ tx, member, questRow, perkRow }: SeedContext) {
  await tx.insert(featuredItems).values(
    FEATURED.map((f) => ({
      placement: f.placement,
      order: f.order,
      ...('quest' in f ? { questId: questRow[f.quest]!.id } : {}),
      ...('perk' in f ? { perkId: perkRow[f.perk]!.id } : {}),
      ...('member' in f ? { userId: member[f.member].id } : {}),
    })),
  );
}

async function seedExplore({ tx }: SeedContext) {
  await tx.insert(exploreCategories).values(EXPLORE_CATEGORIES);
  await tx.insert(popularSearches).values(POPULAR_SEARCHES);
  await tx.insert(exploreFilters).values(EXPLORE_FILTERS);
}
