import {
  centsToAmount,
  formatPoints,
  idParams,
  paginated as paginatedSchema,
  transactionListQuery,
  transferRequest,
  transferResponse,
  wallet,
  walletTransaction,
  WALLET_MSG,
} from '@wyn/contract';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { withIdempotency } from '../../lib/idempotency.ts';
import { paginated } from '../../lib/pagination.ts';
import { getTransactionDto, getOwnWallet, listWalletTransactions, transfer } from './transactions.service.ts';
import { getMemberWallet, toWalletDto } from './wallet.service.ts';

export async function walletRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const db = deps.database.db;
  const config = deps.config;
  const security = [{ bearer: [] }];
  const tags = ['wallet'];
  const auth = { onRequest: app.authenticate };

  app.get('/wallets/my_wallet/', { ...auth, schema: { tags, security, response: { 200: wallet } } }, async (request) =>
    toWalletDto(await getMemberWallet(db, request.auth.userId)),
  );

  app.get(
    '/wallets/:id/transactions/',
    {
      ...auth,
      schema: {
        tags,
        security,
        params: idParams,
        querystring: transactionListQuery,
        response: { 200: paginatedSchema(walletTransaction) },
      },
    },
    async (request) => {
      const own = await getOwnWallet(db, request.params.id, request.auth.userId);
      const page = await listWalletTransactions(db, own, request.query, config.productName);
      return paginated(request, config.publicUrl, request.query, page.rows, page.count);
    },
  );

  app.get(
    '/transactions/',
    {
      ...auth,
      schema: {
        tags,
        security,
        querystring: transactionListQuery,
        response: { 200: paginatedSchema(walletTransaction) },
      },
    },
    async (request) => {
      const own = await getMemberWallet(db, request.auth.userId);
      const page = await listWalletTransactions(db, own, request.query, config.productName);
      return paginated(request, config.publicUrl, request.query, page.rows, page.count);
    },
  );

  app.post(
    '/wallets/:id/transfer/',
    {
      ...auth,
      schema: { tags, security, params: idParams, body: transferRequest, response: { 200: transferResponse } },
    },
    async (request, reply) =>
      withIdempotency(db, request, reply, async (tx) => {
        const amountCents = Math.round(request.body.amount * 100);
        const r = await transfer(tx, request.params.id, request.auth.userId, {
          recipient: request.body.recipient,
          amountCents,
          note: request.body.note,
        });
        return {
          status: 200,
          body: {
            detail: WALLET_MSG.sent(formatPoints(centsToAmount(amountCents)), r.recipientName),
            transaction: await getTransactionDto(tx, r.transactionId, request.params.id, config.productName),
            balance: centsToAmount(r.balanceCents),
          },
        };
      }),
  );
}
