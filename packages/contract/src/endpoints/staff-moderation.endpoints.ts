import { idParams, paginated } from '../common.ts';
import { defineEndpoints } from '../endpoint.ts';
import {
  moderationRequest,
  moderationResponse,
  reportCreateRequest,
  reportCreateResponse,
  staffReport,
  staffReportListQuery,
  staffReportResolveRequest,
  staffReportResolveResponse,
  staffUser,
  staffUserListQuery,
  staffUserUpdateRequest,
} from '../staff-moderation.ts';

/** Moderation, member reports and members (club/reports/, club/staff/). Every staff route has `auth: 'staff'`. */
export const staffModerationEndpoints = defineEndpoints('staff-moderation', {
  reportCreate: {
    method: 'POST',
    path: 'club/reports/',
    auth: 'member',
    summary: 'Report a quest, perk, profile or message (one open report per member and item; rate-limited).',
    body: reportCreateRequest,
    responses: { 201: reportCreateResponse },
  },
  staffModerate: {
    method: 'POST',
    path: 'club/staff/moderation/',
    auth: 'staff',
    summary: 'Hide or unhide a quest, perk, profile or message; hidden content is gone for all but its owner.',
    body: moderationRequest,
    responses: { 200: moderationResponse },
  },
  staffReportList: {
    method: 'GET',
    path: 'club/staff/reports/',
    auth: 'staff',
    summary: 'Member reports, newest first, filtered by status (open by default) and target type.',
    query: staffReportListQuery,
    responses: { 200: paginated(staffReport) },
  },
  staffReportResolve: {
    method: 'POST',
    path: 'club/staff/reports/:id/resolve/',
    auth: 'staff',
    summary: 'Resolve a report: hide its target (resolving every open report on it) or dismiss it with a note.',
    params: idParams,
    body: staffReportResolveRequest,
    responses: { 200: staffReportResolveResponse },
  },
  staffUserList: {
    method: 'GET',
    path: 'club/staff/users/',
    auth: 'staff',
    summary: 'Members searched by name, username or e-mail, newest first.',
    query: staffUserListQuery,
    responses: { 200: paginated(staffUser) },
  },
  staffUserUpdate: {
    method: 'PATCH',
    path: 'club/staff/users/:id/',
    auth: 'staff',
    summary: "Disable or enable a member's account (at once) and grant or revoke staff; never one's own.",
    params: idParams,
    body: staffUserUpdateRequest,
    responses: { 200: staffUser },
  },
});
