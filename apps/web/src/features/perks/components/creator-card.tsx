import { Link } from 'react-router';
import { ChartIcon, CopyIcon, FileTextIcon } from '@/components/icons';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { href, paths } from '@/config/paths';

/**
 * What a perk's creator sees where members see Redeem: Edit, Analytics, Duplicate and Manage Perks, not a disabled
 * "You're the Creator" (issue #14 item 20, #15 items 12-13). Inside Telegram the MainButton is Edit Perk (perk page).
 */
export function CreatorCard({ perkId, redeemedCount }: { perkId: string; redeemedCount: number }) {
  return (
    <Card data-testid="creator-card">
      <CardContent className="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground">
          You created this perk · {redeemedCount} {redeemedCount === 1 ? 'redemption' : 'redemptions'}
        </p>
        <Link to={href.editPerk(perkId)} className={buttonVariants({ size: 'lg', className: 'w-full tg-main:hidden' })}>
          <FileTextIcon className="size-4" /> Edit Perk
        </Link>
        <div className="grid grid-cols-2 gap-2">
          <Link to={href.perkAnalytics(perkId)} className={buttonVariants({ variant: 'outline' })}>
            <ChartIcon className="size-4" /> Analytics
          </Link>
          {/* A copy opens in the create wizard; nothing is stored until the creator publishes it. */}
          <Link to={href.duplicate('perk', perkId)} className={buttonVariants({ variant: 'outline' })}>
            <CopyIcon className="size-4" /> Duplicate
          </Link>
        </div>
        <Link to={paths.managePerks} className={buttonVariants({ variant: 'outline', className: 'w-full' })}>
          Manage Perks
        </Link>
      </CardContent>
    </Card>
  );
}
