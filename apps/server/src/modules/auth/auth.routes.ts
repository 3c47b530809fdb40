import type { AppInstance, ModuleOptions } from '../../app.ts';

export async function authRoutes(_app: AppInstance, _opts: ModuleOptions) {}
