import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconRadar } from '@tabler/icons-react';
import type { PhishingRow } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { type CampaignTableProps, ProgramList, useCampaignCells } from '../../campaigns/index.ts';
import { phishingOpenPath } from '../phishing-paths.ts';

const NAME_IN_TABLE = 30;
const DETAILS_IN_ROW = 60;

/** A simulation's status in the server's colour, its label in the interface language. */
export function PhishingStatusBadge({ row }: { row: Pick<PhishingRow, 'status' | 'statusInfo'> }) {
  const { t } = useTranslation();
  return (
    <Badge color={row.statusInfo.color} variant="light" size="sm" tt="none" style={{ flexShrink: 0 }}>
      {t(`phishing.status.${row.status}`)}
    </Badge>
  );
}

/** Clicks by people, and beside them what scanners requested (never counted as a click). */
export function ClicksCell({ clicked, scanner }: { clicked: number; scanner: number }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      <Text size="sm" span>
        {clicked}
      </Text>
      {scanner > 0 && (
        <Tooltip label={t('phishing.list.scannerHint', { count: scanner })}>
          <Badge
            variant="light"
            color="gray"
            size="sm"
            leftSection={<IconRadar size={12} aria-hidden />}
            tt="none"
            aria-label={t('phishing.list.scannerHint', { count: scanner })}
          >
            {scanner}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}

type PhishingTableProps = CampaignTableProps<PhishingRow>;

function usePhishingColumns({ isAdmin, actionsFor, pendingId }: PhishingTableProps) {
  const { t } = useTranslation();
  const { label, column, date, percent, name, menu } = useCampaignCells(
    { isAdmin, actionsFor, pendingId },
    {
      section: 'phishing',
      openPath: phishingOpenPath,
      nameLength: NAME_IN_TABLE,
      details: (row) =>
        row.templateMode === 'random'
          ? t('phishing.list.randomMix', { count: row.templatesCount })
          : t('phishing.list.templates', { count: row.templatesCount }),
      detailsLength: DETAILS_IN_ROW,
    },
  );
  return {
    label,
    name,
    menu,
    badge: (row: PhishingRow) => <PhishingStatusBadge row={row} />,
    recipients: column('recipients', (row) => row.recipients, 'number'),
    window: column('window', (row) => date(row.windowStart), 'date'),
    clicks: column(
      'clicks',
      (row) => <ClicksCell clicked={row.clicked} scanner={row.scannerEvents} />,
      'number',
    ),
    reported: column('reported', (row) => row.reported, 'number'),
    prone: column('phishProne', (row) => percent(row.phishPronePercent), 'number'),
  };
}

/** The simulations of a company: figures are people, clicks leave scanner activity out. */
export function PhishingTable(props: PhishingTableProps) {
  const { t } = useTranslation();
  const { label, name, menu, badge, recipients, window, clicks, reported, prone } = usePhishingColumns(props);
  return (
    <ProgramList
      rows={props.rows}
      stale={props.stale}
      name={name}
      menu={menu}
      onOpen={props.onOpen}
      badge={badge}
      table={{
        nameLabel: label('campaign'),
        statusLabel: label('status'),
        columns: [recipients, window, clicks, reported, prone],
        menuLabel: label('actions'),
        minWidth: 960,
        label: t('nav.phishing'),
        testId: 'phishing-table',
      }}
      cards={{ facts: [recipients, prone, clicks, reported, window], testId: 'phishing-cards' }}
    />
  );
}
