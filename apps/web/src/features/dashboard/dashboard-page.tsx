import { Grid, Stack } from '@mantine/core';
import { hasRole, ROLES, type Company } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useCurrentCompany, useCurrentUser } from '../../lib/session/index.ts';
import { useDashboardAssessments, useDashboardTrainings } from './api/get-performance-rows.ts';
import { useStatistics } from './api/get-statistics.ts';
import { BlogPanel } from './blog-panel.tsx';
import { DashboardBanners } from './dashboard-banners.tsx';
import { DashboardCards } from './dashboard-cards.tsx';
import { dashboardSections } from './dashboard-sections.ts';
import { DeliveryCalendar } from './delivery-calendar.tsx';
import { LatestSubjects } from './latest-subjects.tsx';
import { AssessmentPerformance, TrainingPerformance } from './performance-tables.tsx';

/**
 * The company's dashboard (spec 1 §2): cards and performance tables on the left, the delivery calendar
 * and the latest subjects on the right from the desktop breakpoint (1200 px, the theme's lg) up, one
 * column below it; the provider's blog under both.
 */
function CompanyDashboard({ company }: { company: Company }) {
  const companyId = company.company_id;
  const isAdmin = hasRole(company.role, ROLES.admin);
  const sections = dashboardSections(company);
  const statistics = useStatistics(companyId);
  const trainings = useDashboardTrainings(companyId, sections.trainings === 'shown');
  const assessments = useDashboardAssessments(companyId, sections.assessments === 'shown');

  return (
    <Stack gap="lg">
      <DashboardBanners company={company} isAdmin={isAdmin} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            {statistics.isError ? (
              <LoadError error={statistics.error} onRetry={() => void statistics.refetch()} />
            ) : (
              <DashboardCards sections={sections} statistics={statistics.data} />
            )}
            {sections.trainings === 'shown' && (
              <TrainingPerformance
                rows={trainings.data?.rows}
                error={trainings.isError ? trainings.error : undefined}
                onRetry={() => void trainings.refetch()}
                isAdmin={isAdmin}
              />
            )}
            {sections.assessments === 'shown' && (
              <AssessmentPerformance
                rows={assessments.data?.rows}
                error={assessments.isError ? assessments.error : undefined}
                onRetry={() => void assessments.refetch()}
                isAdmin={isAdmin}
              />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="lg">
            <DeliveryCalendar companyId={companyId} />
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
  return (
    <>
      <PageHeader
        title={t('nav.dashboard')}
        description={
          company
            ? t('dashboard.welcomeIn', { name, company: company.company_name })
            : t('dashboard.welcome', { name })
        }
      />
      {company && <CompanyDashboard key={company.company_id} company={company} />}
    </>
  );
}
