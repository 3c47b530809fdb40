import type { AppInstance, ModuleOptions } from '../../app.ts';

export async function homeRoutes(_app: AppInstance, _opts: ModuleOptions) {}
