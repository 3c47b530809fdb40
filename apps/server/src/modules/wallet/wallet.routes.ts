import type { AppInstance, ModuleOptions } from '../../app.ts';

export async function walletRoutes(_app: AppInstance, _opts: ModuleOptions) {}
