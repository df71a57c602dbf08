import { useDisclosure } from '@mantine/hooks';
import { isCmi5Enabled } from '@vigil/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { ListToolbar } from '../../../components/list-toolbar.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import type { CampaignListState } from '../../../lib/campaign-list-address.ts';
import { useCompany, useIsAdmin } from '../../../lib/session/index.ts';
import { useListAddress } from '../../../lib/use-list-address.ts';
import { pageCount, TablePager } from '../../employees/index.ts';
import type { ProgramActionItem } from '../actions/use-program-actions.ts';
import {
  CampaignFilterModal,
  type CampaignFilterFieldsProps,
  type CampaignFilterRules,
} from './campaign-filter-modal.tsx';
import { CampaignTabs, CreateCampaignButtons, ListRange, NoCampaigns, NoResults } from './campaign-list.tsx';

export type { CampaignListState };

/** A kind's filters: the employee list and the kind's own, each text in the address ('' when not set). */
export type CampaignFilters<F> = { listId: string } & Record<keyof F, string>;

/** What the table of a kind is given. */
export interface CampaignTableProps<Row> {
  rows: Row[] | undefined;
  isAdmin: boolean;
  /** Dimmed while the next page loads. */
  stale: boolean;
  actionsFor: (row: Row) => ProgramActionItem[];
  pendingId: string | null;
  onOpen: (row: Row) => void;
}

/**
 * A campaign kind's list (spec 2 §2 Training list, Assessment list): its locale section, tabs, routes,
 * address rules, API hooks, table and filter modal. The page, tabs with counts, toolbar, empty
 * states and pager are the kit's.
 */
export interface CampaignListKind<
  Row extends { id: string },
  Tab extends string,
  Sort extends string,
  Filters extends CampaignFilters<Filters>,
  Query,
> {
  /** The locale section ('trainings', 'assessments'): its list, tabs and empty texts. */
  section: string;
  icon: ReactNode;
  /** The test id of the "no campaigns yet" card. */
  emptyTestId: string;
  tabs: readonly Tab[];
  pageSize: number;
  sorts: readonly Sort[];
  /** Its routes; `createScorm` only for a kind that makes SCORM packages (phishing does not). */
  paths: { list: string; tab: (tab: Tab) => string; create: string; createScorm?: string };
  /** Where a row opens for this manager. */
  openPath: (row: Row, isAdmin: boolean) => string;
  /** The address rules of the list's state. */
  address: {
    read: (params: URLSearchParams) => CampaignListState<Sort> & Filters;
    change: (
      state: CampaignListState<Sort> & Filters,
      change: Partial<CampaignListState<Sort> & Filters>,
    ) => CampaignListState<Sort> & Filters;
    params: (state: CampaignListState<Sort> & Filters) => URLSearchParams;
    pickFilters: (state: Filters) => Filters;
    activeFilterCount: (filters: Filters) => number;
    emptyFilters: Filters;
    toQuery: (state: CampaignListState<Sort> & Filters, tab: Tab) => Query;
  } & CampaignFilterRules<Filters>;
  useRows: (
    companyId: string,
    query: Query,
  ) => UseQueryResult<{ rows: Row[]; total: number; counts: Record<Tab, number> & { all: number } }>;
  useActions: (companyId: string) => {
    itemsFor: (row: Row) => ProgramActionItem[];
    pendingId: string | null;
  };
  Table: ComponentType<CampaignTableProps<Row>>;
  /** The kind's own choices in the filter modal, besides the employee list and the dates. */
  FilterChoices?: ComponentType<CampaignFilterFieldsProps<Filters>>;
  /**
   * The kind's SCORM programs, listed apart under the All tab when the company has packages on
   * (spec 2 §2); the table hides itself while there are none.
   */
  ScormTable?: ComponentType<{ companyId: string }>;
}

/** The list page of a campaign kind, searched, filtered, sorted and paged; drafts for admins only. */
export function CampaignListPage<
  Row extends { id: string },
  Tab extends string,
  Sort extends string,
  Filters extends CampaignFilters<Filters>,
  Query,
>({ kind, tab }: { kind: CampaignListKind<Row, Tab, Sort, Filters, Query>; tab: Tab }) {
  const { t } = useTranslation();
  const company = useCompany();
  const isAdmin = useIsAdmin();
  const navigate = useNavigate();
  const [filtersOpened, filtersModal] = useDisclosure(false);
  const { section, icon, address, paths, pageSize } = kind;
  const { state, update, tabSearch } = useListAddress(address);
  const list = kind.useRows(company.company_id, address.toQuery(state, tab));
  const { itemsFor, pendingId } = kind.useActions(company.company_id);

  if (tab === 'draft' && !isAdmin) return <Navigate to={paths.list} replace />;

  const filterCount = address.activeFilterCount(address.pickFilters(state));
  const narrowed = filterCount > 0 || state.q !== '';
  const data = list.data;
  const tabs = kind.tabs.filter((candidate) => candidate !== 'draft' || isAdmin);
  const total = data?.total ?? 0;
  const nothingAtAll = data !== undefined && data.counts.all === 0 && !narrowed;
  const createButtons = <CreateCampaignButtons company={company} section={section} paths={paths} />;
  // The kit's own part of the state; the kind's filters come whole from its modal.
  const change = (next: Partial<CampaignListState<Sort>> | Filters) =>
    update(next as Partial<CampaignListState<Sort> & Filters>);
  const clearFilters = (extra: Partial<CampaignListState<Sort>>) =>
    change({ ...address.emptyFilters, ...extra });

  return (
    <>
      <PageHeader
        title={t(`nav.${section}`)}
        description={t(`${section}.list.description`)}
        actions={isAdmin && createButtons}
      />
      {nothingAtAll ? (
        <NoCampaigns
          section={section}
          icon={icon}
          isAdmin={isAdmin}
          actions={createButtons}
          testId={kind.emptyTestId}
        />
      ) : (
        <>
          <CampaignTabs
            section={section}
            tabs={tabs}
            current={tab}
            counts={data?.counts}
            onChange={(next) => void navigate({ pathname: paths.tab(next), search: tabSearch() })}
          />
          <ListToolbar
            key={tab}
            state={state}
            sorts={kind.sorts}
            sortLabel={(sort: string) => t(`${section}.list.sort.${sort}`)}
            searchPlaceholder={t(`${section}.list.searchPlaceholder`)}
            filterCount={filterCount}
            onChange={change}
            onOpenFilters={filtersModal.open}
            onClearFilters={() => clearFilters({})}
          />
          {list.isError ? (
            <LoadError error={list.error} onRetry={() => void list.refetch()} />
          ) : data?.rows.length === 0 ? (
            <NoResults
              section={section}
              icon={icon}
              tab={tab}
              narrowed={narrowed}
              onClear={() => clearFilters({ q: '' })}
            />
          ) : (
            <kind.Table
              rows={data?.rows}
              isAdmin={isAdmin}
              stale={list.isPlaceholderData}
              actionsFor={itemsFor}
              pendingId={pendingId}
              onOpen={(row) => void navigate(kind.openPath(row, isAdmin))}
            />
          )}
          <ListRange section={section} page={state.p} pageSize={pageSize} total={total}>
            <TablePager
              page={state.p}
              totalPages={pageCount(total, pageSize)}
              onChange={(p) => change({ p })}
            />
          </ListRange>
        </>
      )}
      {tab === 'all' && kind.ScormTable && isCmi5Enabled(company) && (
        <kind.ScormTable companyId={company.company_id} />
      )}
      <CampaignFilterModal
        section={section}
        rules={address}
        Choices={kind.FilterChoices}
        opened={filtersOpened}
        onClose={filtersModal.close}
        companyId={company.company_id}
        initial={address.pickFilters(state)}
        onApply={(filters) => {
          change(filters);
          filtersModal.close();
        }}
      />
    </>
  );
}
