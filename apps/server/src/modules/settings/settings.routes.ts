import type { AppInstance, ModuleOptions } from '../../app.ts';

export async function settingsRoutes(_app: AppInstance, _opts: ModuleOptions) {}
