import { useDisclosure } from '@mantine/hooks';
import { IconSchool } from '@tabler/icons-react';
import { TRAINING_LIMITS, TRAINING_TABS, type TrainingRow, type TrainingTab } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import {
  CampaignTabs,
  CreateCampaignButtons,
  ListRange,
  NoCampaigns,
  NoResults,
} from '../../../components/campaign-list.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCompany, useIsAdmin } from '../../../lib/session/index.ts';
import { useListAddress } from '../../../lib/use-list-address.ts';
import { pageCount, TablePager } from '../../employees/index.ts';
import { useTrainings } from '../api/get-trainings.ts';
import { useTrainingActions } from '../components/use-training-actions.ts';
import { TRAINING_PATHS, trainingOpenPath } from '../training-paths.ts';
import { ListToolbar } from './list-toolbar.tsx';
import { TrainingFilterModal } from './training-filter-modal.tsx';
import {
  activeFilterCount,
  changeListState,
  EMPTY_FILTERS,
  listStateParams,
  pickFilters,
  readListState,
  toListQuery,
} from './training-list-query.ts';
import { TrainingsTable } from './trainings-table.tsx';

const SECTION = 'trainings';

/** /trainings and its tabs: the company's training programs, searched, filtered, sorted and paged. */
export function TrainingListPage({ tab }: { tab: TrainingTab }) {
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
  const trainings = useTrainings(company.company_id, toListQuery(state, tab));
  const { itemsFor, pendingId } = useTrainingActions(company.company_id);

  if (tab === 'draft' && !isAdmin) return <Navigate to={TRAINING_PATHS.list} replace />;

  const filterCount = activeFilterCount(pickFilters(state));
  const narrowed = filterCount > 0 || state.q !== '';
  const open = (training: TrainingRow) => void navigate(trainingOpenPath(training, isAdmin));

  const data = trainings.data;
  const tabs = TRAINING_TABS.filter((candidate) => candidate !== 'draft' || isAdmin);
  const total = data?.total ?? 0;
  const nothingAtAll = data !== undefined && data.counts.all === 0 && !narrowed;
  const createButtons = <CreateCampaignButtons company={company} section={SECTION} paths={TRAINING_PATHS} />;

  return (
    <>
      <PageHeader
        title={t('nav.trainings')}
        description={t('trainings.list.description')}
        actions={isAdmin && createButtons}
      />
      {nothingAtAll ? (
        <NoCampaigns
          section={SECTION}
          icon={<IconSchool />}
          isAdmin={isAdmin}
          actions={createButtons}
          testId="no-trainings"
        />
      ) : (
        <>
          <CampaignTabs
            section={SECTION}
            tabs={tabs}
            current={tab}
            counts={data?.counts}
            onChange={(next) => void navigate({ pathname: TRAINING_PATHS.tab(next), search: tabSearch() })}
          />
          <ListToolbar
            key={tab}
            state={state}
            filterCount={filterCount}
            onChange={update}
            onOpenFilters={filtersModal.open}
            onClearFilters={() => update(EMPTY_FILTERS)}
          />
          {trainings.isError ? (
            <LoadError error={trainings.error} onRetry={() => void trainings.refetch()} />
          ) : data?.rows.length === 0 ? (
            <NoResults
              section={SECTION}
              icon={<IconSchool />}
              tab={tab}
              narrowed={narrowed}
              onClear={() => update({ ...EMPTY_FILTERS, q: '' })}
            />
          ) : (
            <TrainingsTable
              rows={data?.rows}
              isAdmin={isAdmin}
              stale={trainings.isPlaceholderData}
              actionsFor={(training) => itemsFor(training)}
              pendingId={pendingId}
              onOpen={open}
            />
          )}
          <ListRange section={SECTION} page={state.p} pageSize={TRAINING_LIMITS.pageSize} total={total}>
            <TablePager
              page={state.p}
              totalPages={pageCount(total, TRAINING_LIMITS.pageSize)}
              onChange={(p) => update({ p })}
            />
          </ListRange>
        </>
      )}
      <TrainingFilterModal
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
