import { Badge, Button, Card, EmptyState, Group, Tabs, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconClipboardCheck, IconFilterOff, IconPackage, IconPlus, IconSearch } from '@tabler/icons-react';
import {
  ASSESSMENT_LIMITS,
  ASSESSMENT_TABS,
  isCmi5Enabled,
  TRAINING_MESSAGES,
  type AssessmentRow,
  type AssessmentTab,
  type Company,
} from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ListToolbar } from '../../../components/list-toolbar.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCompany, useIsAdmin } from '../../../lib/session/index.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { pageCount, TablePager } from '../../employees/index.ts';
import { useAssessments } from '../api/assessments-api.ts';
import { ASSESSMENT_PATHS, assessmentOpenPath } from '../assessment-paths.ts';
import { useAssessmentActions } from '../components/use-assessment-actions.ts';
import { AssessmentFilterModal } from './assessment-filter-modal.tsx';
import {
  activeFilterCount,
  ASSESSMENT_SORTS,
  changeListState,
  EMPTY_FILTERS,
  listStateParams,
  pickFilters,
  readListState,
  toListQuery,
  type AssessmentListState,
} from './assessment-list-query.ts';
import { AssessmentsTable, ScormAssessmentsTable } from './assessments-table.tsx';

/** "New assessment", and "SCORM package" when cmi5 is on; both off without a licence. */
function CreateAssessmentButtons({ company }: { company: Company }) {
  const { t } = useTranslation();
  const blocked = company.canCreateTraining ? null : translateMessage(t, TRAINING_MESSAGES.noLicense);
  const button = (to: string, label: string, icon: React.ReactNode, variant?: string) =>
    blocked ? (
      <Tooltip label={blocked} withArrow key={to}>
        <Button data-disabled leftSection={icon} variant={variant} onClick={(e) => e.preventDefault()}>
          {label}
        </Button>
      </Tooltip>
    ) : (
      <Button key={to} component={Link} to={to} leftSection={icon} variant={variant}>
        {label}
      </Button>
    );
  return (
    <>
      {isCmi5Enabled(company) &&
        button(
          ASSESSMENT_PATHS.createScorm,
          t('assessments.list.newScorm'),
          <IconPackage size={18} />,
          'default',
        )}
      {button(ASSESSMENT_PATHS.create, t('assessments.list.new'), <IconPlus size={18} />)}
    </>
  );
}

/** /assessment and its tabs: the company's assessments, searched, filtered, sorted and paged. */
export function AssessmentListPage({ tab }: { tab: AssessmentTab }) {
  const { t } = useTranslation();
  const company = useCompany();
  const isAdmin = useIsAdmin();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [filtersOpened, filtersModal] = useDisclosure(false);
  const state = readListState(params);
  const assessments = useAssessments(company.company_id, toListQuery(state, tab));
  const { itemsFor, pendingId } = useAssessmentActions(company.company_id);

  if (tab === 'draft' && !isAdmin) return <Navigate to={ASSESSMENT_PATHS.list} replace />;

  // A change starts from the address as it is now, so two quick changes do not undo each other.
  const update = (change: Partial<AssessmentListState>) =>
    setParams(
      listStateParams(changeListState(readListState(new URLSearchParams(window.location.search)), change)),
      { replace: true },
    );
  const filterCount = activeFilterCount(pickFilters(state));
  const narrowed = filterCount > 0 || state.q !== '';
  const open = (a: AssessmentRow) => void navigate(assessmentOpenPath(a, isAdmin));

  const data = assessments.data;
  const tabs = ASSESSMENT_TABS.filter((candidate) => candidate !== 'draft' || isAdmin);
  const total = data?.total ?? 0;
  const size = ASSESSMENT_LIMITS.pageSize;
  const nothingAtAll = data !== undefined && data.counts.all === 0 && !narrowed;
  const regular = data?.rows.filter((a) => !a.isScorm);
  const scorm = data?.rows.filter((a) => a.isScorm) ?? [];
  const tableProps = {
    isAdmin,
    stale: assessments.isPlaceholderData,
    actionsFor: itemsFor,
    pendingId,
    onOpen: open,
  };

  return (
    <>
      <PageHeader
        title={t('nav.assessments')}
        description={t('assessments.list.description')}
        actions={isAdmin && <CreateAssessmentButtons company={company} />}
      />
      {nothingAtAll ? (
        <Card py={64} data-testid="no-assessments">
          <EmptyState
            variant="light"
            size="lg"
            icon={<IconClipboardCheck />}
            title={t('assessments.empty.noneTitle')}
            description={t(isAdmin ? 'assessments.empty.noneText' : 'assessments.empty.noneViewer')}
          >
            {isAdmin && (
              <EmptyState.Actions>
                <Group justify="center" gap="sm">
                  <CreateAssessmentButtons company={company} />
                </Group>
              </EmptyState.Actions>
            )}
          </EmptyState>
        </Card>
      ) : (
        <>
          <Tabs
            value={tab}
            onChange={(value) => {
              const next = tabs.find((candidate) => candidate === value);
              if (next)
                void navigate({
                  pathname: ASSESSMENT_PATHS.tab(next),
                  search: listStateParams(changeListState(state, {})).toString(),
                });
            }}
            mb="md"
          >
            <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
              {tabs.map((candidate) => (
                <Tabs.Tab
                  key={candidate}
                  value={candidate}
                  style={{ flexShrink: 0 }}
                  rightSection={
                    data && (
                      <Badge size="sm" variant={candidate === tab ? 'filled' : 'light'} color="gray">
                        {data.counts[candidate]}
                      </Badge>
                    )
                  }
                >
                  {t(`assessments.tabs.${candidate}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          <ListToolbar
            key={tab}
            state={state}
            sorts={ASSESSMENT_SORTS}
            sortLabel={(sort) => t(`assessments.list.sort.${sort}`)}
            searchPlaceholder={t('assessments.list.searchPlaceholder')}
            filterCount={filterCount}
            onChange={update}
            onOpenFilters={filtersModal.open}
            onClearFilters={() => update(EMPTY_FILTERS)}
          />
          {assessments.isError ? (
            <LoadError error={assessments.error} onRetry={() => void assessments.refetch()} />
          ) : data?.rows.length === 0 ? (
            <Card py={48} data-testid="no-results">
              <EmptyState
                variant="light"
                icon={narrowed ? <IconSearch /> : <IconClipboardCheck />}
                title={t(narrowed ? 'assessments.empty.noResultsTitle' : `assessments.empty.tab.${tab}`)}
                description={narrowed ? t('assessments.empty.noResultsText') : undefined}
              >
                {narrowed && (
                  <EmptyState.Actions>
                    <Button
                      variant="default"
                      leftSection={<IconFilterOff size={16} />}
                      onClick={() => update({ ...EMPTY_FILTERS, q: '' })}
                    >
                      {t('assessments.empty.clear')}
                    </Button>
                  </EmptyState.Actions>
                )}
              </EmptyState>
            </Card>
          ) : (
            <>
              {(regular === undefined || regular.length > 0) && (
                <AssessmentsTable rows={regular} {...tableProps} />
              )}
              {scorm.length > 0 && <ScormAssessmentsTable rows={scorm} {...tableProps} />}
            </>
          )}
          {total > size && (
            <Group justify="space-between" mt="md" gap="sm">
              <Text size="sm" c="dimmed" aria-live="polite">
                {t('assessments.list.range', {
                  from: (state.p - 1) * size + 1,
                  to: Math.min(state.p * size, total),
                  total,
                })}
              </Text>
              <TablePager
                page={state.p}
                totalPages={pageCount(total, size)}
                onChange={(p) => update({ p })}
              />
            </Group>
          )}
        </>
      )}
      <AssessmentFilterModal
        opened={filtersOpened}
        onClose={filtersModal.close}
        companyId={company.company_id}
        initial={pickFilters(state)}
        onApply={(filters) => {
          update(filters);
          filtersModal.close();
        }}
      />
    </>
  );
}
