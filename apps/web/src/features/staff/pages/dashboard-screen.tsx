import { BarChart } from '@/components/bar-chart';
import { formatPoints } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useStaffStats } from '../api/get-stats';
import { QueryState, ScreenHeader } from '../components/staff-ui';
import { STAFF_SCREENS } from '../lib/screens';

const screen = STAFF_SCREENS[0]!;

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-2xl border border-border bg-card p-4 shadow-xs">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tracking-tight tabular-nums">{value}</dd>
      {hint ? <dd className="mt-0.5 text-xs text-muted-foreground">{hint}</dd> : null}
    </div>
  );
}

const w = (amount: string | number) => formatPoints(amount);

/** The club's numbers now, and per day over the last 90 days. */
export default function DashboardScreen() {
  useDocumentTitle('Staff · Dashboard');
  const stats = useStaffStats();
  return (
    <section>
      <ScreenHeader title={screen.label} description={screen.description} />
      <QueryState query={stats} emptyTitle="No numbers yet" loadingLabel="Loading the numbers">
        {(s) => (
          <div className="flex flex-col gap-5">
            <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              <Stat label="Members" value={String(s.members.total)} hint={`${s.members.new_7d} new in 7 days`} />
              <Stat label="Active in 7 days" value={String(s.members.active_7d)} />
              <Stat label="Live quests" value={String(s.quests_live)} />
              <Stat label="Live perks" value={String(s.perks_live)} />
              <Stat label="W in circulation" value={w(s.w_in_circulation)} />
              <Stat label="W paid this week" value={w(s.w_paid_week)} />
              <Stat label="Redemptions this week" value={String(s.redemptions_week)} />
            </dl>
            <div className="grid grid-cols-1 gap-4 xl:grid-cols-3">
              <BarChart
                title="New members per day"
                points={s.series.map((d) => ({ date: d.date, value: d.new_members }))}
              />
              <BarChart
                title="W paid per day"
                points={s.series.map((d) => ({ date: d.date, value: Number(d.w_paid) }))}
                format={(n) => w(n)}
              />
              <BarChart
                title="Redemptions per day"
                points={s.series.map((d) => ({ date: d.date, value: d.redemptions }))}
              />
            </div>
          </div>
        )}
      </QueryState>
    </section>
  );
}
