import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/lib/session';
import { DESKTOP_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { NotAllowed } from '../components/not-allowed';
import { StaffNav } from '../components/staff-nav';

// Each screen loads when opened; the dashboard's chart code stays with the dashboard.
const DashboardScreen = lazy(() => import('./dashboard-screen'));
const BannersScreen = lazy(() => import('./banners-screen'));
const HomeSectionsScreen = lazy(() => import('./home-sections-screen'));
const CategoriesScreen = lazy(() => import('./categories-screen'));
const PopularSearchesScreen = lazy(() => import('./popular-searches-screen'));
const ReportsScreen = lazy(() => import('./reports-screen'));
const MembersScreen = lazy(() => import('./members-screen'));
const AnnouncementsScreen = lazy(() => import('./announcements-screen'));
const AuditLogScreen = lazy(() => import('./audit-log-screen'));
const SeasonsScreen = lazy(() => import('./seasons-screen'));

/**
 * /staff/*: the operator console. Shown to staff only (the session's user says is_staff; it is refreshed from
 * the server on each visit); the server checks is_staff on every staff call regardless.
 */
export default function StaffPage() {
  const user = useCurrentUser();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  if (!user?.is_staff) return <NotAllowed />;
  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-5 px-4 pt-4 pb-8 md:grid-cols-[13rem_minmax(0,1fr)] md:gap-8 md:px-6 md:pt-6">
      <aside className="md:sticky md:top-20 md:self-start">
        <p className="mb-2 hidden px-3 text-xs font-semibold tracking-widest text-muted-foreground uppercase md:block">
          Operator console
        </p>
        <StaffNav desktop={desktop} />
      </aside>
      <div className="min-w-0">
        <Suspense
          fallback={
            <div className="flex justify-center py-16">
              <Spinner className="size-6" label="Loading" />
            </div>
          }
        >
          <Routes>
            <Route index element={<DashboardScreen />} />
            <Route path="banners" element={<BannersScreen />} />
            <Route path="home-sections" element={<HomeSectionsScreen />} />
            <Route path="categories" element={<CategoriesScreen />} />
            <Route path="popular-searches" element={<PopularSearchesScreen />} />
            <Route path="reports" element={<ReportsScreen />} />
            <Route path="members" element={<MembersScreen />} />
            <Route path="announcements" element={<AnnouncementsScreen />} />
            <Route path="audit-log" element={<AuditLogScreen />} />
            <Route path="seasons" element={<SeasonsScreen />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </div>
    </div>
  );
}
