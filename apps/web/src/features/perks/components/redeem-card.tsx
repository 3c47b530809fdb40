import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { CheckIcon, GiftIcon } from '@/components/icons';
import type { RedeemState } from '../lib/redeem-state';

/** The redeem button with its label and the alerts explaining why it is disabled (docs/spec/02-explore-details-wallet-social.md §4). */
export function RedeemCard({
  state,
  onRedeem,
  onRetryWallet,
  redeemedAt,
}: {
  state: RedeemState;
  onRedeem: () => void;
  onRetryWallet: () => void;
  redeemedAt?: string | null;
}) {
  const done = state.blocker === 'redeemed';
  return (
    // Inside Telegram the button is its MainButton: without an alert the card has nothing left to show.
    <Card className={state.alerts.length === 0 ? 'tg-main:hidden' : undefined}>
      <CardContent className="flex flex-col gap-3">
        {state.alerts.map((a) =>
          a.kind === 'walletError' ? (
            <Alert key={a.kind} title={a.title}>
              {a.message}{' '}
              <Button
                variant="link"
                size="sm"
                className="h-auto p-0 text-destructive underline"
                onClick={onRetryWallet}
              >
                Retry
              </Button>
            </Alert>
          ) : (
            <Alert
              key={a.kind}
              title={a.title}
              variant={a.kind === 'redeemed' || a.kind === 'creator' ? 'info' : 'error'}
            >
              {a.message}
              {a.kind === 'redeemed' && redeemedAt ? (
                <span className="mt-0.5 block text-xs">Redeemed {new Date(redeemedAt).toLocaleString()}</span>
              ) : null}
            </Alert>
          ),
        )}
        {/* Inside Telegram its MainButton redeems (perk page). */}
        <Button
          size="lg"
          className="w-full tg-main:hidden"
          disabled={!state.canRedeem}
          loading={state.label === 'Redeeming...'}
          onClick={onRedeem}
        >
          {done ? <CheckIcon className="size-4" /> : state.canRedeem ? <GiftIcon className="size-4" /> : null}
          {state.label}
        </Button>
      </CardContent>
    </Card>
  );
}
