import { idParams, paginated } from '../common.ts';
import { defineEndpoints } from '../endpoint.ts';
import { transactionListQuery, transferRequest, transferResponse, wallet, walletTransaction } from '../wallets.ts';

export const walletEndpoints = defineEndpoints('wallet', {
  myWallet: {
    method: 'GET',
    path: 'club/wallets/my_wallet/',
    auth: 'member',
    summary: "The signed-in member's wallet and balance.",
    responses: { 200: wallet },
  },
  walletTransactions: {
    method: 'GET',
    path: 'club/wallets/:id/transactions/',
    auth: 'member',
    summary: "One of the member's own wallets: its transactions, newest first, filtered.",
    params: idParams,
    query: transactionListQuery,
    responses: { 200: paginated(walletTransaction) },
  },
  myTransactions: {
    method: 'GET',
    path: 'club/transactions/',
    auth: 'member',
    summary: "The signed-in member's transactions (the same list as their wallet's).",
    query: transactionListQuery,
    responses: { 200: paginated(walletTransaction) },
  },
  walletTransfer: {
    method: 'POST',
    path: 'club/wallets/:id/transfer/',
    auth: 'member',
    summary: 'Send points from the own wallet to another member.',
    idempotent: true,
    params: idParams,
    body: transferRequest,
    responses: { 200: transferResponse },
  },
});
