import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatShortDate } from '../../../lib/format-date.ts';
import { CampaignActionsMenu } from '../actions/campaign-actions-menu.tsx';
import type { ProgramActionTarget } from '../actions/use-program-actions.ts';
import { formatPercent } from '../percent.ts';
import type { CampaignTableProps } from './campaign-list-page.tsx';
import { ProgramName, type ProgramColumn } from './program-table.tsx';

const NONE = '—';

interface CampaignCellsSetup<Row> {
  /** The locale section of the kind: its column names and "not available". */
  section: string;
  openPath: (row: Row, isAdmin: boolean) => string;
  /** Where names are cut (spec 2 §9). */
  nameLength: number;
  /** What the campaign covers, under its name (subjects, threat areas), cut at `detailsLength`. */
  details: (row: Row) => string;
  detailsLength: number;
}

/**
 * The cells every campaign table and card shows: the name with what it covers, the row's menu, and
 * figures, dates and percentages under the kind's column names.
 */
export function useCampaignCells<Row extends ProgramActionTarget>(
  { isAdmin, actionsFor, pendingId }: Pick<CampaignTableProps<Row>, 'isAdmin' | 'actionsFor' | 'pendingId'>,
  { section, openPath, nameLength, details, detailsLength }: CampaignCellsSetup<Row>,
) {
  const { t, i18n } = useTranslation();
  const label = (key: string) => t(`${section}.list.columns.${key}`);
  return {
    label,
    date: (value: string | null) => (value ? formatShortDate(value, i18n.language) : NONE),
    percent: (value: number | null) => formatPercent(value, t(`${section}.notAvailable`)),
    column: (
      key: string,
      cell: (row: Row) => ReactNode,
      kind?: ProgramColumn<Row>['kind'],
    ): ProgramColumn<Row> => ({
      key,
      label: label(key),
      cell,
      kind,
    }),
    name: (row: Row) => (
      <ProgramName
        name={row.name}
        to={openPath(row, isAdmin)}
        maxLength={nameLength}
        details={details(row)}
        detailsLength={detailsLength}
      />
    ),
    menu: (row: Row) => (
      <CampaignActionsMenu
        campaign={row}
        items={actionsFor(row)}
        isAdmin={isAdmin}
        loading={pendingId === row.id}
      />
    ),
  };
}
