import { useParams, useSearchParams } from 'react-router';
import { href } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePerkAnalytics } from '../api/get-perk-analytics';
import { usePerkSubject } from '../api/get-perk-subject';
import { AnalyticsScreen } from '../components/analytics-screen';
import { AnalyticsView } from '../components/analytics-view';
import { parseDays, perkCharts, perkTiles, type AnalyticsDays } from '../lib/analytics';

/** /perk/{id}/analytics?days=30|90: the perk's numbers for its creator (and staff). */
export default function PerkAnalyticsPage() {
  useDocumentTitle('Perk analytics');
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const days = parseDays(search.get('days'));
  const analytics = usePerkAnalytics(id, days);
  // The title only names the screen; analytics decide whether the viewer may see it.
  const subject = usePerkSubject(id);
  const setDays = (d: AnalyticsDays) => setSearch(d === 30 ? {} : { days: String(d) }, { replace: true });
  return (
    <AnalyticsScreen
      heading="Perk analytics"
      title={subject.data?.title}
      backHref={href.perk(id)}
      backLabel="Back to perk"
    >
      <AnalyticsView
        query={analytics}
        tiles={(a) => perkTiles(a.totals)}
        charts={perkCharts}
        days={days}
        onDaysChange={setDays}
        backHref={href.perk(id)}
        backLabel="Back to perk"
        notFoundTitle="Perk Not Found"
      />
    </AnalyticsScreen>
  );
}
