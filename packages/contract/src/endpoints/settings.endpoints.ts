import { defineEndpoints } from '../endpoint.ts';
import { updateSettingsRequest, userSettings } from '../settings.ts';

/** The member's settings: theme (system/light/dark), notifications on/off, private profile. */
export const settingsEndpoints = defineEndpoints('settings', {
  userSettings: {
    method: 'GET',
    path: 'club/user-settings/',
    auth: 'member',
    summary: "The signed-in member's settings.",
    responses: { 200: userSettings },
  },
  // The spec's path (POST user/settings/) and the REST-style one (PATCH user-settings/) do the same.
  updateUserSettings: {
    method: 'POST',
    path: 'club/user/settings/',
    auth: 'member',
    summary: 'Change some of the settings; answers with all of them.',
    body: updateSettingsRequest,
    responses: { 200: userSettings },
  },
  patchUserSettings: {
    method: 'PATCH',
    path: 'club/user-settings/',
    auth: 'member',
    summary: 'Change some of the settings; answers with all of them (the same as POST user/settings/).',
    body: updateSettingsRequest,
    responses: { 200: userSettings },
  },
});
