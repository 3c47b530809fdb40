import { defineEndpoints } from '../endpoint.ts';
import {
  followResponse,
  ownProfile,
  profileCountResponse,
  profileDetail,
  profileIdParams,
  updateProfileRequest,
} from '../profiles.ts';

/** Profiles and follows under `club/profiles/` (docs/spec/02-explore-details-wallet-social.md §4–5). */
export const profilesEndpoints = defineEndpoints('profiles', {
  myProfile: {
    method: 'GET',
    path: 'club/profiles/me/',
    auth: 'member',
    summary: "The signed-in member's profile, with their XP and level.",
    responses: { 200: ownProfile },
  },
  profile: {
    method: 'GET',
    path: 'club/profiles/:id/',
    auth: 'member',
    summary: "A member's profile page: counts and the newest quests and perks (a private profile shows less).",
    params: profileIdParams,
    responses: { 200: profileDetail },
  },
  profileFollowersCount: {
    method: 'GET',
    path: 'club/profiles/:id/followers_count/',
    auth: 'member',
    summary: 'How many members follow this profile.',
    params: profileIdParams,
    responses: { 200: profileCountResponse },
  },
  profileFollowingCount: {
    method: 'GET',
    path: 'club/profiles/:id/following_count/',
    auth: 'member',
    summary: 'How many members this profile follows.',
    params: profileIdParams,
    responses: { 200: profileCountResponse },
  },
  profileFollow: {
    method: 'POST',
    path: 'club/profiles/:id/follow/',
    auth: 'member',
    summary: 'Follow a member (following again changes nothing).',
    params: profileIdParams,
    responses: { 200: followResponse },
  },
  profileUnfollow: {
    method: 'POST',
    path: 'club/profiles/:id/unfollow/',
    auth: 'member',
    summary: 'Stop following a member.',
    params: profileIdParams,
    responses: { 200: followResponse },
  },
  profileUpdate: {
    method: 'PATCH',
    path: 'club/profiles/:id/',
    auth: 'member',
    summary: 'Change the own names, username and bio (JSON), or these with a new `avatar` image (multipart).',
    params: profileIdParams,
    body: updateProfileRequest,
    bodyEncoding: 'json-or-multipart',
    files: ['avatar'],
    responses: { 200: profileDetail },
  },
});
