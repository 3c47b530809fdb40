import { useParams, useSearchParams } from 'react-router';
import { href } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useQuestAnalytics } from '../api/get-quest-analytics';
import { useQuestSubject } from '../api/get-quest-subject';
import { AnalyticsScreen } from '../components/analytics-screen';
import { AnalyticsView } from '../components/analytics-view';
import { parseDays, questCharts, questTiles, type AnalyticsDays } from '../lib/analytics';

/** /quest/{id}/analytics?days=30|90: the quest's numbers for its creator (and staff). */
export default function QuestAnalyticsPage() {
  useDocumentTitle('Quest analytics');
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const days = parseDays(search.get('days'));
  const analytics = useQuestAnalytics(id, days);
  // The title only names the screen; analytics decide whether the viewer may see it.
  const subject = useQuestSubject(id);
  const setDays = (d: AnalyticsDays) => setSearch(d === 30 ? {} : { days: String(d) }, { replace: true });
  return (
    <AnalyticsScreen
      heading="Quest analytics"
      title={subject.data?.title}
      backHref={href.quest(id)}
      backLabel="Back to quest"
    >
      <AnalyticsView
        query={analytics}
        tiles={(a) => questTiles(a.totals)}
        charts={questCharts}
        days={days}
        onDaysChange={setDays}
        backHref={href.quest(id)}
        backLabel="Back to quest"
        notFoundTitle="Quest Not Found"
      />
    </AnalyticsScreen>
  );
}
