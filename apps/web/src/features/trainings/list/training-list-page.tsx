import { Badge, Group, Tabs, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { TRAINING_LIMITS, TRAINING_TABS, type TrainingRow, type TrainingTab } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { pageCount, TablePager } from '../../employees/index.ts';
import { useTrainings } from '../api/get-trainings.ts';
import { CreateTrainingButtons } from '../components/create-training-buttons.tsx';
import { useTrainingActions } from '../components/use-training-actions.ts';
import { TRAINING_PATHS, trainingOpenPath } from '../training-paths.ts';
import { useCompany, useIsAdmin } from '../../../lib/session/index.ts';
import { ListToolbar } from './list-toolbar.tsx';
import { NoResults, NoTrainings } from './list-empty.tsx';
import { TrainingFilterModal } from './training-filter-modal.tsx';
import {
  activeFilterCount,
  changeListState,
  EMPTY_FILTERS,
  listStateParams,
  pickFilters,
  readListState,
  toListQuery,
  type TrainingListState,
} from './training-list-query.ts';
import { TrainingsTable } from './trainings-table.tsx';

/** /trainings and its tabs: the company's training programs, searched, filtered, sorted and paged. */
export function TrainingListPage({ tab }: { tab: TrainingTab }) {
  const { t } = useTranslation();
  const company = useCompany();
  const isAdmin = useIsAdmin();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [filtersOpened, filtersModal] = useDisclosure(false);
  const state = readListState(params);
  const trainings = useTrainings(company.company_id, toListQuery(state, tab));
  const { itemsFor, pendingId } = useTrainingActions(company.company_id);

  if (tab === 'draft' && !isAdmin) return <Navigate to={TRAINING_PATHS.list} replace />;

  // A change starts from the address as it is now, so two quick changes do not undo each other.
  const update = (change: Partial<TrainingListState>) =>
    setParams(
      listStateParams(changeListState(readListState(new URLSearchParams(window.location.search)), change)),
      {
        replace: true,
      },
    );
  const filterCount = activeFilterCount(pickFilters(state));
  const narrowed = filterCount > 0 || state.q !== '';
  const clear = () => {
    update({ ...EMPTY_FILTERS, q: '' });
  };
  const open = (training: TrainingRow) => void navigate(trainingOpenPath(training, isAdmin));

  const data = trainings.data;
  const tabs = TRAINING_TABS.filter((candidate) => candidate !== 'draft' || isAdmin);
  const total = data?.total ?? 0;
  const totalPages = pageCount(total, TRAINING_LIMITS.pageSize);
  const first = (state.p - 1) * TRAINING_LIMITS.pageSize + 1;
  const last = Math.min(state.p * TRAINING_LIMITS.pageSize, total);
  const nothingAtAll = data !== undefined && data.counts.all === 0 && !narrowed;

  return (
    <>
      <PageHeader
        title={t('nav.trainings')}
        description={t('trainings.list.description')}
        actions={isAdmin && <CreateTrainingButtons company={company} />}
      />
      {nothingAtAll ? (
        <NoTrainings company={company} isAdmin={isAdmin} />
      ) : (
        <>
          <Tabs
            value={tab}
            onChange={(value) => {
              const next = tabs.find((candidate) => candidate === value);
              if (next)
                void navigate({
                  pathname: TRAINING_PATHS.tab(next),
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
                  {t(`trainings.tabs.${candidate}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
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
            <NoResults tab={tab} narrowed={narrowed} onClear={clear} />
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
          {total > TRAINING_LIMITS.pageSize && (
            <Group justify="space-between" mt="md" gap="sm">
              <Text size="sm" c="dimmed" aria-live="polite">
                {t('trainings.list.range', { from: first, to: last, total })}
              </Text>
              <TablePager page={state.p} totalPages={totalPages} onChange={(p) => update({ p })} />
            </Group>
          )}
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
