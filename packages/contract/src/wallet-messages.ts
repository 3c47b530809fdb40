/**
 * Wallet sentences (docs/spec/02-explore-details-wallet-social.md §4, §8), shared by the server and the web app.
 * Kept apart from the wallet schemas (wallets.ts) so the web app can import them without loading zod.
 */
export const WALLET_MSG = {
  notFound: 'Wallet not found.',
  notYourWallet: "You don't have permission to perform this action.",
  recipientRequired: 'Recipient is required',
  recipientNotFound: 'Recipient not found.',
  sendToSelf: 'You cannot send points to yourself.',
  amountPositive: 'Amount must be greater than zero',
  amountTooLarge: 'Amount is too large',
  insufficient: (amountCents: number, balanceCents: number) =>
    `Insufficient Points. You need ${Math.trunc(amountCents / 100)} W points, but you only have ${Math.trunc(balanceCents / 100)}.`,
  sent: (amount: string, to: string) => `You sent ${amount} to ${to}.`,
  receivedTitle: (amount: string, from: string) => `You received ${amount} from ${from}`,
} as const;
