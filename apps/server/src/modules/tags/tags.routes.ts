import type { AppInstance, ModuleOptions } from '../../app.ts';

export async function tagsRoutes(_app: AppInstance, _opts: ModuleOptions) {}
