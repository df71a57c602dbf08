import { useDisclosure } from '@mantine/hooks';
import { IconClipboardCheck } from '@tabler/icons-react';
import { ASSESSMENT_LIMITS, ASSESSMENT_TABS, type AssessmentRow, type AssessmentTab } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import {
  CampaignTabs,
  CreateCampaignButtons,
  ListRange,
  NoCampaigns,
  NoResults,
} from '../../../components/campaign-list.tsx';
import { ListToolbar } from '../../../components/list-toolbar.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCompany, useIsAdmin } from '../../../lib/session/index.ts';
import { useListAddress } from '../../../lib/use-list-address.ts';
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
} from './assessment-list-query.ts';
import { AssessmentsTable, ScormAssessmentsTable } from './assessments-table.tsx';

const SECTION = 'assessments';

/** /assessment and its tabs: the company's assessments, searched, filtered, sorted and paged. */
export function AssessmentListPage({ tab }: { tab: AssessmentTab }) {
  const { t } = useTranslation();
  const company = useCompany();
  const isAdmin = useIsAdmin();
  const navigate = useNavigate();
  const [filtersOpened, filtersModal] = useDisclosure(false);
  const { state, update, tabSearch } = useListAddress({
    read: readListState,
    change: changeListState,
    params: listStateParams,
  });
  const assessments = useAssessments(company.company_id, toListQuery(state, tab));
  const { itemsFor, pendingId } = useAssessmentActions(company.company_id);

  if (tab === 'draft' && !isAdmin) return <Navigate to={ASSESSMENT_PATHS.list} replace />;

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
  const createButtons = (
    <CreateCampaignButtons company={company} section={SECTION} paths={ASSESSMENT_PATHS} />
  );

  return (
    <>
      <PageHeader
        title={t('nav.assessments')}
        description={t('assessments.list.description')}
        actions={isAdmin && createButtons}
      />
      {nothingAtAll ? (
        <NoCampaigns
          section={SECTION}
          icon={<IconClipboardCheck />}
          isAdmin={isAdmin}
          actions={createButtons}
          testId="no-assessments"
        />
      ) : (
        <>
          <CampaignTabs
            section={SECTION}
            tabs={tabs}
            current={tab}
            counts={data?.counts}
            onChange={(next) => void navigate({ pathname: ASSESSMENT_PATHS.tab(next), search: tabSearch() })}
          />
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
            <NoResults
              section={SECTION}
              icon={<IconClipboardCheck />}
              tab={tab}
              narrowed={narrowed}
              onClear={() => update({ ...EMPTY_FILTERS, q: '' })}
            />
          ) : (
            <>
              {(regular === undefined || regular.length > 0) && (
                <AssessmentsTable rows={regular} {...tableProps} />
              )}
              {scorm.length > 0 && <ScormAssessmentsTable rows={scorm} {...tableProps} />}
            </>
          )}
          <ListRange section={SECTION} page={state.p} pageSize={size} total={total}>
            <TablePager page={state.p} totalPages={pageCount(total, size)} onChange={(p) => update({ p })} />
          </ListRange>
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
