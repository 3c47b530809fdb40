import { wallet } from '@wyn/contract';
import type { AppInstance, ModuleOptions } from '../../app.ts';
import { getMemberWallet, toWalletDto } from './wallet.service.ts';

export async function walletRoutes(app: AppInstance, { deps }: ModuleOptions) {
  app.get(
    '/wallets/my_wallet/',
    {
      onRequest: app.authenticate,
      schema: { tags: ['wallet'], security: [{ bearer: [] }], response: { 200: wallet } },
    },
    async (request) => toWalletDto(await getMemberWallet(deps.database.db, request.auth.userId)),
  );
}
