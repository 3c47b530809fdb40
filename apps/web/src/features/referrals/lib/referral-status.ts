import type { ReferralInvitee } from '@wyn/contract';

/** How an invitee's state reads on the list. */
export function statusLabel(invitee: Pick<ReferralInvitee, 'status' | 'rewarded'>): string {
  if (invitee.status === 'pending') return 'Waiting for first quest';
  if (invitee.status === 'expired') return 'Expired';
  return invitee.rewarded ? 'Qualified' : 'Qualified, daily limit reached';
}

export const statusVariant = (status: ReferralInvitee['status']) =>
  status === 'qualified' ? ('success' as const) : status === 'pending' ? ('secondary' as const) : ('outline' as const);
