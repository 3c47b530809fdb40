import { endpoints } from '@wyn/contract/endpoints';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { getSettings, updateSettings } from './settings.service.ts';

/** User settings: theme (system/light/dark), notifications on/off, private profile. */
export async function settingsRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const db = deps.database.db;

  contractRoute(app, endpoints.userSettings, async (request) => getSettings(db, request.auth.userId));

  // The spec's path (POST user/settings/) and the REST-style one (PATCH user-settings/) do the same.
  contractRoute(app, endpoints.updateUserSettings, async (request) =>
    updateSettings(db, request.auth.userId, request.body),
  );
  contractRoute(app, endpoints.patchUserSettings, async (request) =>
    updateSettings(db, request.auth.userId, request.body),
  );
}
