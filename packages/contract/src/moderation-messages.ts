/**
 * Moderation, member reports and the staff members list (issue #15 items 4–6): sentences shared by the server
 * and the web app, kept apart from the schemas (staff-moderation.ts) so the web app can import them without zod.
 */

export const MODERATION_TARGET_TYPES = ['quest', 'perk', 'profile', 'message'] as const;
export type ModerationTargetType = (typeof MODERATION_TARGET_TYPES)[number];

/** Reports one member may send per hour (a sliding window per member). */
export const REPORTS_PER_HOUR = 10;

export const MODERATION_MSG = {
  hidden: 'The content is now hidden.',
  unhidden: 'The content is visible again.',
  reasonRequired: 'Give a reason for hiding it.',
  targetNotFound: 'The reported content could not be found.',
  /** Shown to the owner of hidden content. */
  hiddenNotice: 'Hidden by the moderators',
  reportReasonRequired: 'Tell us what is wrong with it.',
  reportSent: 'Thank you. The moderators will look at your report.',
  reportDuplicate: 'You have already reported this. The moderators will look at it.',
  reportOwn: 'You cannot report your own content.',
  reportTooMany: 'You have sent many reports in the last hour. Please try again later.',
  reportNotFound: 'Report not found.',
  reportNotOpen: 'This report has already been handled.',
  reportDismissed: 'The report was dismissed.',
  reportResolved: 'The content is hidden and its reports are resolved.',
  userNotFound: 'Member not found.',
  userUpdated: 'Member updated.',
  userUpdateEmpty: 'Nothing to change: send is_active or is_staff.',
  cannotDisableSelf: 'You cannot disable your own account.',
  cannotRevokeOwnStaff: 'You cannot remove your own staff right.',
} as const;
