import { Grid, Skeleton, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { hasRole, ROLES, type Company } from '@vigil/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { rememberFirstScreen } from '../../lib/first-screen.ts';
import { useCurrentCompany, useCurrentUser } from '../../lib/session/index.ts';
import { eventsQueryOptions } from './api/get-events.ts';
import { useDashboardAssessments, useDashboardTrainings } from './api/get-performance-rows.ts';
import { useStatistics } from './api/get-statistics.ts';
import { BlogPanel } from './blog-panel.tsx';
import { DashboardCards } from './dashboard-cards.tsx';
import { browserTimeZone, dayOfDate, monthOf } from './calendar-days.ts';
import { DashboardPanel } from './dashboard-panel.tsx';
import { dashboardSections, type DashboardSections } from './dashboard-sections.ts';
import { LatestSubjects } from './latest-subjects.tsx';
import { AssessmentPerformance, TrainingPerformance } from './performance-tables.tsx';

/**
 * The calendar brings the date library with it: it loads once the rest of the page is on screen
 * rather than before it (the page's first paint would wait for its code, styles and locale).
 */
const DeliveryCalendar = lazy(() =>
  import('./delivery-calendar.tsx').then((m) => ({ default: m.DeliveryCalendar })),
);

function CalendarPlaceholder() {
  const { t } = useTranslation();
  return (
    <DashboardPanel title={t('dashboard.calendar.title')} testId="dashboard-calendar-loading">
      <Skeleton h={420} radius="md" />
    </DashboardPanel>
  );
}

/**
 * The calendar once the first screen is on screen: its placeholder until the next frame, then its code
 * and month.
 */
function CalendarSection({ companyId }: { companyId: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setShown(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return shown ? (
    <Suspense fallback={<CalendarPlaceholder />}>
      <DeliveryCalendar companyId={companyId} />
    </Suspense>
  ) : (
    <CalendarPlaceholder />
  );
}

/*
 * Each section below reads its own query, so a response re-renders that section and not the whole page
 * (each arrival is a synchronous render: the queries are external stores to React).
 */

function StatisticsSection({ companyId, sections }: { companyId: string; sections: DashboardSections }) {
  const statistics = useStatistics(companyId);
  return statistics.isError ? (
    <LoadError error={statistics.error} onRetry={() => void statistics.refetch()} />
  ) : (
    <DashboardCards sections={sections} statistics={statistics.data} />
  );
}

function TrainingsSection({ companyId, isAdmin }: { companyId: string; isAdmin: boolean }) {
  const trainings = useDashboardTrainings(companyId);
  return (
    <TrainingPerformance
      rows={trainings.data?.rows}
      error={trainings.isError ? trainings.error : undefined}
      onRetry={() => void trainings.refetch()}
      isAdmin={isAdmin}
    />
  );
}

function AssessmentsSection({ companyId, isAdmin }: { companyId: string; isAdmin: boolean }) {
  const assessments = useDashboardAssessments(companyId);
  return (
    <AssessmentPerformance
      rows={assessments.data?.rows}
      error={assessments.isError ? assessments.error : undefined}
      onRetry={() => void assessments.refetch()}
      isAdmin={isAdmin}
    />
  );
}

/**
 * The company's dashboard (spec 1 §2): cards and performance tables on the left, the delivery calendar
 * and the latest subjects on the right from the desktop breakpoint (1200 px, the theme's lg) up, one
 * column below it; the provider's blog under both.
 */
function CompanyDashboard({ company }: { company: Company }) {
  const companyId = company.company_id;
  const isAdmin = hasRole(company.role, ROLES.admin);
  const sections = dashboardSections(company);
  const queryClient = useQueryClient();
  useEffect(() => {
    // This month's entries are asked for while the calendar's code is still on its way.
    void queryClient.prefetchQuery(
      eventsQueryOptions(companyId, monthOf(dayOfDate(new Date())), browserTimeZone()),
    );
  }, [queryClient, companyId]);

  return (
    <Stack gap="lg">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <StatisticsSection companyId={companyId} sections={sections} />
            {sections.trainings === 'shown' && <TrainingsSection companyId={companyId} isAdmin={isAdmin} />}
            {sections.assessments === 'shown' && (
              <AssessmentsSection companyId={companyId} isAdmin={isAdmin} />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="lg">
            <CalendarSection companyId={companyId} />
            {sections.trainings === 'shown' && <LatestSubjects companyId={companyId} />}
          </Stack>
        </Grid.Col>
      </Grid>
      {company.isProvider && <BlogPanel />}
    </Stack>
  );
}

/** /: the dashboard of the current company; without one, the shell says what to do. */
export function DashboardPage() {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  const { company } = useCurrentCompany();
  const name = user?.name || user?.email || '';
  const title = t('nav.dashboard');
  const welcome = company
    ? t('dashboard.welcomeIn', { name, company: company.company_name })
    : t('dashboard.welcome', { name });
  const companyId = company?.company_id;
  useEffect(() => {
    // The next load paints this title and welcome line before the app's scripts arrive.
    if (companyId && name) rememberFirstScreen(companyId, { page: { title, welcome } });
  }, [companyId, name, title, welcome]);
  return (
    <>
      <PageHeader title={title} description={welcome} />
      {company && <CompanyDashboard key={company.company_id} company={company} />}
    </>
  );
}
