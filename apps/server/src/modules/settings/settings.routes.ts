import { updateSettingsRequest, userSettings } from '@wyn/contract';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { getSettings, updateSettings } from './settings.service.ts';

/** User settings: theme (system/light/dark), notifications on/off, private profile. */
export async function settingsRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const db = deps.database.db;
  const read = { tags: ['settings'], security: [{ bearer: [] }], response: { 200: userSettings } };
  const write = { ...read, body: updateSettingsRequest };

  app.get('/user-settings/', { onRequest: app.authenticate, schema: read }, async (request) =>
    getSettings(db, request.auth.userId),
  );

  // The spec's path (POST user/settings/) and the REST-style one (PATCH user-settings/) do the same.
  app.post('/user/settings/', { onRequest: app.authenticate, schema: write }, async (request) =>
    updateSettings(db, request.auth.userId, request.body),
  );
  app.patch('/user-settings/', { onRequest: app.authenticate, schema: write }, async (request) =>
    updateSettings(db, request.auth.userId, request.body),
  );
}
