import { Grid, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { hasRole, ROLES, visibleMenuTabs, type Company } from '@vigil/shared';
import { lazy, Suspense, useDeferredValue, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/load-error.tsx';
import { NearViewport } from '../../components/near-viewport.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { browserTimeZone } from '../../lib/browser-time-zone.ts';
import { rememberFirstScreen } from '../../lib/first-screen.ts';
import { useCurrentCompany, useCurrentUser } from '../../lib/session/index.ts';
import { eventsQueryOptions } from './api/get-events.ts';
import { useDashboardAssessments, useDashboardTrainings } from './api/get-performance-rows.ts';
import { useStatistics } from './api/get-statistics.ts';
import { BlogPanel } from './blog-panel.tsx';
import { DashboardCards } from './dashboard-cards.tsx';
import { dayOfDate, monthOf } from './calendar-days.ts';
import { PendingPanel } from './dashboard-panel.tsx';
import { dashboardSections, type DashboardSections } from './dashboard-sections.ts';
import { LatestSubjects } from './latest-subjects.tsx';
import { AssessmentPerformance, TrainingPerformance } from './performance-tables.tsx';

/**
 * The calendar brings the date library with it: it loads once its place is near the screen rather than
 * before the page's first paint (which would wait for its code, styles and locale).
 */
const DeliveryCalendar = lazy(() =>
  import('./delivery-calendar.tsx').then((m) => ({ default: m.DeliveryCalendar })),
);

/** The phishing panel comes with the phishing area's code, below the fold. */
const PhishingDashboardPanel = lazy(() =>
  import('../phishing/index.ts').then((m) => ({ default: m.PhishingDashboardPanel })),
);

/** The unassigned-credits banner comes with the partner area's code, after the first paint. */
const UnassignedCreditsBanner = lazy(() =>
  import('../partners/index.ts').then((m) => ({ default: m.UnassignedCreditsBanner })),
);

function CalendarPlaceholder() {
  const { t } = useTranslation();
  return (
    <PendingPanel title={t('dashboard.calendar.title')} height={420} testId="dashboard-calendar-loading" />
  );
}

/** The calendar's code, and this month's entries asked for while that code is on its way. */
function CalendarLoader({ companyId }: { companyId: string }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(
      eventsQueryOptions(companyId, monthOf(dayOfDate(new Date())), browserTimeZone()),
    );
  }, [queryClient, companyId]);
  return (
    <Suspense fallback={<CalendarPlaceholder />}>
      <DeliveryCalendar companyId={companyId} />
    </Suspense>
  );
}

function CalendarSection({ companyId }: { companyId: string }) {
  return (
    <NearViewport placeholder={<CalendarPlaceholder />}>
      <CalendarLoader companyId={companyId} />
    </NearViewport>
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

/** Below the fold on a phone: its panel renders when the reader scrolls towards it. */
function LowerPanel({ title, height, children }: { title: string; height: number; children: ReactNode }) {
  return <NearViewport placeholder={<PendingPanel title={title} height={height} />}>{children}</NearViewport>;
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
  const { t } = useTranslation();

  return (
    <Stack gap="lg">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <StatisticsSection companyId={companyId} sections={sections} />
            {sections.trainings === 'shown' && <TrainingsSection companyId={companyId} isAdmin={isAdmin} />}
            {sections.assessments === 'shown' && (
              <LowerPanel title={t('dashboard.tables.assessmentsTitle')} height={200}>
                <AssessmentsSection companyId={companyId} isAdmin={isAdmin} />
              </LowerPanel>
            )}
            {visibleMenuTabs(company).includes('phishing') && (
              <LowerPanel title={t('phishing.dashboard.title')} height={180}>
                <Suspense fallback={<PendingPanel title={t('phishing.dashboard.title')} height={180} />}>
                  <PhishingDashboardPanel companyId={companyId} />
                </Suspense>
              </LowerPanel>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="lg">
            <CalendarSection companyId={companyId} />
            {sections.trainings === 'shown' && (
              <LowerPanel title={t('dashboard.latest.title')} height={340}>
                <LatestSubjects companyId={companyId} />
              </LowerPanel>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      {company.isProvider && (
        <LowerPanel title={t('dashboard.blog.title')} height={300}>
          <BlogPanel />
        </LowerPanel>
      )}
    </Stack>
  );
}

/**
 * Renders its children in a commit of their own, just after the one that mounts it: the panels follow the
 * shell and the header with the welcome line (the page's largest paint), two shorter main-thread tasks
 * instead of one long one. Nothing is below them, so nothing moves when they appear. Only this component
 * renders again for it: a deferred render of the whole page waited for the credits banner's lazy code
 * (the panels came half a second after the shell).
 */
function RenderedNext({ children }: { children: ReactNode }) {
  const shown = useDeferredValue(true, false);
  return shown ? children : null;
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
      <Suspense fallback={null}>
        <UnassignedCreditsBanner />
      </Suspense>
      {company && (
        <RenderedNext>
          <CompanyDashboard key={company.company_id} company={company} />
        </RenderedNext>
      )}
    </>
  );
}
