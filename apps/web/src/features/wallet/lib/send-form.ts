import { amountToCents, WALLET_MSG } from '@wyn/contract';

export interface SendValues {
  recipient: string;
  amount: string;
  note: string;
}
export type SendErrors = Partial<Record<keyof SendValues, string>>;

/** The Send dialog's own sentences; a zero amount gets the server's WALLET_MSG.amountPositive. */
export const SEND_MSG = {
  recipientRequired: 'Enter a username or member ID',
  amountRequired: 'Enter an amount',
  amountInvalid: 'Enter an amount with at most two decimals',
  amountTooHigh: (balance: string) => `You only have ${balance}`,
  noteTooLong: 'Note must be at most 200 characters',
} as const;

const AMOUNT_RE = /^\d+(\.\d{1,2})?$/;

/** Client-side checks of the Send dialog; the server checks again and its message is shown inline. */
export function validateSend(values: SendValues, balance: string | undefined): SendErrors {
  const errors: SendErrors = {};
  if (!values.recipient.trim()) errors.recipient = SEND_MSG.recipientRequired;
  const amount = values.amount.trim();
  if (!amount) errors.amount = SEND_MSG.amountRequired;
  else if (!AMOUNT_RE.test(amount)) errors.amount = SEND_MSG.amountInvalid;
  else {
    const cents = amountToCents(amount) ?? 0;
    if (cents <= 0) errors.amount = WALLET_MSG.amountPositive;
    else if (balance !== undefined && cents > (amountToCents(balance) ?? 0))
      errors.amount = SEND_MSG.amountTooHigh(`${Math.trunc((amountToCents(balance) ?? 0) / 100)} W`);
  }
  if (values.note.trim().length > 200) errors.note = SEND_MSG.noteTooLong;
  return errors;
}

/** "@alice" for a username, the id as typed for a member id. */
export function recipientLabel(recipient: string, name?: string | null): string {
  const r = recipient.trim();
  if (isMemberId(r)) return name ? name : `member ${r.slice(0, 8)}…`;
  return `@${r.replace(/^@+/, '')}`;
}

/** True when the recipient was given as a member id (a uuid) rather than a username. */
export function isMemberId(recipient: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(recipient.trim());
}

/** Shown amount: "12.5" → "12.5 W" (the exact amount being sent, not truncated). */
export function sendAmountLabel(amount: string): string {
  const cents = amountToCents(amount.trim()) ?? 0;
  const whole = Math.trunc(cents / 100);
  const frac = cents % 100;
  return frac ? `${whole}.${String(frac).padStart(2, '0')} W` : `${whole} W`;
}
