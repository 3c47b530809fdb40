import { pageQuery, paginated } from '../common.ts';
import { defineEndpoints } from '../endpoint.ts';
import { banner, homepageComplete, homeSectionWithItems, perkCard, questCard, topPick } from '../home.ts';
import { profileCard } from '../profiles.ts';

/** The home screen: one complete read, and the curated lists it is made of. */
export const homeEndpoints = defineEndpoints('home', {
  homepage: {
    method: 'GET',
    path: 'club/homepage/complete/',
    auth: 'member',
    summary: 'The whole home screen in one read: banners, sections and the items of each carousel (cached briefly).',
    responses: { 200: homepageComplete },
  },
  homeBanners: {
    method: 'GET',
    path: 'club/slider-banners/',
    auth: 'member',
    summary: 'The home slider banners, in order.',
    query: pageQuery,
    responses: { 200: paginated(banner) },
  },
  homeSections: {
    method: 'GET',
    path: 'club/homepage-sections/',
    auth: 'member',
    summary: 'The home sections, in order, each with its items.',
    query: pageQuery,
    responses: { 200: paginated(homeSectionWithItems) },
  },
  homeTopPicks: {
    method: 'GET',
    path: 'club/top-picks/',
    auth: 'member',
    summary: 'The curated top picks (quests and perks), in order.',
    query: pageQuery,
    responses: { 200: paginated(topPick) },
  },
  homeFeaturedQuests: {
    method: 'GET',
    path: 'club/featured-quests/',
    auth: 'member',
    summary: 'The featured quests.',
    query: pageQuery,
    responses: { 200: paginated(questCard) },
  },
  homeFeaturedPerks: {
    method: 'GET',
    path: 'club/featured-perks/',
    auth: 'member',
    summary: 'The featured perks.',
    query: pageQuery,
    responses: { 200: paginated(perkCard) },
  },
  homeFeaturedUsers: {
    method: 'GET',
    path: 'club/featured-users/',
    auth: 'member',
    summary: 'The featured members.',
    query: pageQuery,
    responses: { 200: paginated(profileCard) },
  },
});
