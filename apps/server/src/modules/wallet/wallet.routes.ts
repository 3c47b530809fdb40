import { endpoints } from '@wyn/contract/endpoints';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { withIdempotency } from '../../lib/idempotency.ts';
import { paginated } from '../../lib/pagination.ts';
import { listMemberTransactions, listOwnWalletTransactions, transfer } from './transactions.service.ts';
import { getMemberWallet, toWalletDto } from './wallet.service.ts';

export async function walletRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const db = deps.database.db;
  const config = deps.config;

  contractRoute(app, endpoints.myWallet, async (request) =>
    toWalletDto(await getMemberWallet(db, request.auth.userId)),
  );

  contractRoute(app, endpoints.walletTransactions, async (request) => {
    const { id } = request.params;
    const page = await listOwnWalletTransactions(db, id, request.auth.userId, request.query, config.productName);
    return paginated(request, config.publicUrl, request.query, page.rows, page.count);
  });

  contractRoute(app, endpoints.myTransactions, async (request) => {
    const page = await listMemberTransactions(db, request.auth.userId, request.query, config.productName);
    return paginated(request, config.publicUrl, request.query, page.rows, page.count);
  });

  contractRoute(app, endpoints.walletTransfer, async (request, reply) =>
    withIdempotency(db, request, reply, async (tx) => ({
      status: 200,
      body: await transfer(tx, request.params.id, request.auth.userId, request.body, config.productName),
    })),
  );
}
