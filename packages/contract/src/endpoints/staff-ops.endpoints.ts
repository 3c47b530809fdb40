import { paginated } from '../common.ts';
import { defineEndpoints } from '../endpoint.ts';
import {
  announcement,
  announcementCreateRequest,
  announcementListQuery,
  auditLogEntry,
  auditLogQuery,
  staffStats,
} from '../staff-ops.ts';

/** Staff: announcements, stats and the audit log (club/staff/). Every staff route has `auth: 'staff'`. */
export const staffOpsEndpoints = defineEndpoints('staff-ops', {
  staffAnnouncementCreate: {
    method: 'POST',
    path: 'club/staff/announcements/',
    auth: 'staff',
    summary:
      'Announce to an audience (all, creators, active in 7 days): answers 202 with the estimated recipient count; a job writes the notifications.',
    body: announcementCreateRequest,
    responses: { 202: announcement },
  },
  staffAnnouncements: {
    method: 'GET',
    path: 'club/staff/announcements/',
    auth: 'staff',
    summary: 'Announcements sent, newest first, with how many members each reached.',
    query: announcementListQuery,
    responses: { 200: paginated(announcement) },
  },
  staffAuditLog: {
    method: 'GET',
    path: 'club/staff/audit-log/',
    auth: 'staff',
    summary: 'Every staff action, newest first, filtered by actor, action and target.',
    query: auditLogQuery,
    responses: { 200: paginated(auditLogEntry) },
  },
  staffStats: {
    method: 'GET',
    path: 'club/staff/stats/',
    auth: 'staff',
    summary: "The club's numbers (members, live quests and perks, W moved) and a daily series for 90 days.",
    responses: { 200: staffStats },
  },
});
