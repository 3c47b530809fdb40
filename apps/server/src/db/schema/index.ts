export * from './users.ts';
export * from './auth.ts';
export * from './wallets.ts';
export * from './content.ts';
export * from './social.ts';
export * from './events.ts';
