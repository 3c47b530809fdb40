import { idParams } from '../common.ts';
import { paginated } from '../common.ts';
import { defineEndpoints } from '../endpoint.ts';
import { currentSeason, season, seasonCreateRequest, seasonListQuery, seasonUpdateRequest } from '../seasons.ts';

/** Seasons (issue #16 item 11): staff manage them under club/staff/seasons/; members read the current one. */
export const seasonsEndpoints = defineEndpoints('seasons', {
  staffSeasons: {
    method: 'GET',
    path: 'club/staff/seasons/',
    auth: 'staff',
    summary: 'Every season, newest start first, with its status (scheduled, active, paid).',
    query: seasonListQuery,
    responses: { 200: paginated(season) },
  },
  staffSeasonCreate: {
    method: 'POST',
    path: 'club/staff/seasons/',
    auth: 'staff',
    summary:
      'Schedule a season: name, window, prize pool in W (minted from the system account when it starts) and the payout split for the top N.',
    body: seasonCreateRequest,
    responses: { 201: season },
  },
  staffSeasonUpdate: {
    method: 'PATCH',
    path: 'club/staff/seasons/:id/',
    auth: 'staff',
    summary: 'Change a season before it starts (409 after).',
    params: idParams,
    body: seasonUpdateRequest,
    responses: { 200: season },
  },
  staffSeasonDelete: {
    method: 'DELETE',
    path: 'club/staff/seasons/:id/',
    auth: 'staff',
    summary: 'Delete a season before it starts (409 after).',
    params: idParams,
    responses: { 204: null },
  },
  seasonCurrent: {
    method: 'GET',
    path: 'club/seasons/current/',
    auth: 'member',
    summary:
      "The running season (or the next scheduled one) with its prizes, the top of its board and the caller's place.",
    responses: { 200: currentSeason },
  },
});
