import type { AppInstance, ModuleOptions } from '../../app.ts';

export async function profilesRoutes(_app: AppInstance, _opts: ModuleOptions) {}
