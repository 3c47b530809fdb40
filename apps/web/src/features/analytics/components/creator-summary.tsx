import { formatPoints } from '@wyn/contract';
import { Link } from 'react-router';
import { ChartIcon } from '@/components/icons';
import { href } from '@/config/paths';
import { useCreatorSummary } from '../api/get-creator-summary';

interface Item {
  id: string;
  title: string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * The creator's last 30 days on their own profile: all their quests and perks summed by the server in one call
 * (`creator/summary/`), and links to the analytics of the newest items.
 */
export function CreatorSummary({ quests, perks }: { quests: Item[]; perks: Item[] }) {
  const creator = quests.length > 0 || perks.length > 0;
  const summary = useCreatorSummary(30, creator);
  if (!creator || summary.isError) return null;
  const s = summary.data;
  const loading = summary.isPending;

  return (
    <div className="flex flex-col gap-3" data-testid="creator-summary" aria-busy={loading || undefined}>
      <p className="text-xs font-medium text-muted-foreground">Last 30 days</p>
      {quests.length ? (
        <p className="text-sm" data-testid="creator-summary-quests">
          <span className="font-semibold">Your quests:</span>{' '}
          {loading || !s
            ? '…'
            : `${plural(s.quests.views, 'view')} · ${plural(s.quests.joins, 'join')} · ${formatPoints(s.quests.w_paid)} paid`}
        </p>
      ) : null}
      {perks.length ? (
        <p className="text-sm" data-testid="creator-summary-perks">
          <span className="font-semibold">Your perks:</span>{' '}
          {loading || !s
            ? '…'
            : `${plural(s.perks.views, 'view')} · ${plural(s.perks.redemptions, 'redemption')} · ${formatPoints(s.perks.w_earned)} earned`}
        </p>
      ) : null}
      <ul className="flex flex-col" aria-label="Analytics of your quests and perks">
        {[
          ...quests.map((i) => ({ ...i, to: href.questAnalytics(i.id), kind: 'Quest' })),
          ...perks.map((i) => ({ ...i, to: href.perkAnalytics(i.id), kind: 'Perk' })),
        ]
          .slice(0, 6)
          .map((i) => (
            <li key={i.to}>
              <Link
                to={i.to}
                className="flex min-h-11 items-center gap-2 rounded-lg px-1 text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              >
                <ChartIcon className="size-4 shrink-0 text-primary" />
                <span className="min-w-0 flex-1 truncate">{i.title}</span>
                <span className="shrink-0 text-xs text-muted-foreground">{i.kind}</span>
              </Link>
            </li>
          ))}
      </ul>
    </div>
  );
}
