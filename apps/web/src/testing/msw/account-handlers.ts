import { HttpResponse } from 'msw';
import { routes, type PublicConfig } from '@wyn/contract';
import { USER_ID } from '../fixtures';
import { api } from './api';

/** The signed-in member's wallet (contract shape: the client checks it against the schema in tests). */
export function myWalletHandler(balance = '100.00') {
  return api.on(routes.myWallet, () =>
    HttpResponse.json({ id: '55555555-5555-4555-8555-555555555555', user: USER_ID, balance }),
  );
}

export const appConfig: PublicConfig = {
  product_name: 'Wyn',
  telegram_bot_username: 'wyn_bot',
  telegram_bot_id: 1,
  welcome_bonus: '100.00',
};

/** The public configuration (bot id for Telegram sign-in, product name). */
export function appConfigHandler(config: Partial<PublicConfig> = {}) {
  return api.on(routes.publicConfig, () => HttpResponse.json({ ...appConfig, ...config }));
}
