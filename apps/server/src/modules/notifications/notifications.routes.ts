import type { AppInstance, ModuleOptions } from '../../app.ts';

export async function notificationsRoutes(_app: AppInstance, _opts: ModuleOptions) {}
