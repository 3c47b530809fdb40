import { z } from 'zod';
import { pageQuery, paginated } from '../common.ts';
import { defineEndpoints } from '../endpoint.ts';
import {
  availableFilters,
  exploreCategory,
  exploreComplete,
  exploreCompleteQuery,
  popularSearch,
  popularTopQuery,
  searchRequest,
  searchResponse,
} from '../explore.ts';

export const exploreEndpoints = defineEndpoints('explore', {
  exploreComplete: {
    method: 'GET',
    path: 'club/explore/complete/',
    auth: 'member',
    summary: 'The explore screen in one answer: categories, popular searches and the available filters.',
    query: exploreCompleteQuery,
    responses: { 200: exploreComplete },
  },
  exploreFilters: {
    method: 'GET',
    path: 'club/explore-filters/all_by_content_type/',
    auth: 'member',
    summary: 'The search filters available for each content type.',
    responses: { 200: availableFilters },
  },
  exploreCategories: {
    method: 'GET',
    path: 'club/explore-categories/',
    auth: 'member',
    summary: 'The active explore categories.',
    query: pageQuery,
    responses: { 200: paginated(exploreCategory) },
  },
  popularSearches: {
    method: 'GET',
    path: 'club/popular-searches/top/',
    // The spec's client falls back to explore/popular_searches/; both answer the same.
    aliases: ['club/explore/popular_searches/'],
    auth: 'member',
    summary: 'The most popular search terms (promoted ones first).',
    query: popularTopQuery,
    responses: { 200: z.array(popularSearch) },
  },
  exploreSearch: {
    method: 'POST',
    path: 'club/explore/search/',
    auth: 'member',
    read: true,
    summary: 'Search quests, perks and members by text and filters (a read: nothing changes but the popular count).',
    body: searchRequest,
    responses: { 200: searchResponse },
  },
});
