import {
  Anchor,
  Box,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { truncate } from '@vigil/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CardFact } from '../../../components/card-fact.tsx';
import { useCardLayout } from '../../../lib/use-is-phone.ts';

const ROW = { cursor: 'pointer' } as const;
const NOWRAP = { whiteSpace: 'nowrap' } as const;
const SKELETON_ROWS = 5;

/** One figure of a campaign row: its heading and how a row shows it. */
export interface ProgramColumn<T> {
  key: string;
  label: string;
  cell: (row: T) => ReactNode;
  /** Counts and percentages are right-aligned; dates kept on one line, badges whole
   * (a badge's label would otherwise give way to an ellipsis when the table is narrow). */
  kind?: 'number' | 'date' | 'badge';
}

interface ProgramRowsProps<T extends { id: string; name: string }> {
  rows: T[] | undefined;
  /** Dimmed while the next page loads. */
  stale: boolean;
  /** The first cell: the campaign's name and what it is about. */
  name: (row: T) => ReactNode;
  /** The row's actions menu. */
  menu: (row: T) => ReactNode;
  onOpen: (row: T) => void;
}

interface ProgramTableProps<T extends { id: string; name: string }> extends ProgramRowsProps<T> {
  nameLabel: string;
  columns: ProgramColumn<T>[];
  menuLabel: string;
  minWidth: number;
  label?: string;
  testId?: string;
}

/** A campaign's name as a link, and a line of what it covers under it, both cut to stay short. */
export function ProgramName({
  name,
  to,
  maxLength,
  details,
  detailsLength,
}: {
  name: string;
  to: string;
  maxLength: number;
  details: string;
  detailsLength: number;
}) {
  return (
    <Stack gap={2} miw={0}>
      <Anchor
        component={Link}
        to={to}
        fw={600}
        size="sm"
        c="var(--mantine-color-text)"
        title={name}
        onClick={(event) => event.stopPropagation()}
      >
        {truncate(name, maxLength)}
      </Anchor>
      {details && (
        <Text size="xs" c="dimmed" title={details}>
          {truncate(details, detailsLength)}
        </Text>
      )}
    </Stack>
  );
}

/** A campaign list as a table (spec 2 §2): the name, the figures, and the row's menu. */
export function ProgramTable<T extends { id: string; name: string }>({
  rows,
  stale,
  name,
  menu,
  onOpen,
  nameLabel,
  columns,
  menuLabel,
  minWidth,
  label,
  testId,
}: ProgramTableProps<T>) {
  return (
    <Card p={0}>
      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing="md"
          aria-label={label}
          aria-busy={stale}
          style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}
          data-testid={testId}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{nameLabel}</Table.Th>
              {columns.map((column) => (
                <Table.Th key={column.key} ta={column.kind === 'number' ? 'right' : undefined}>
                  {column.label}
                </Table.Th>
              ))}
              <Table.Th w={56}>
                <VisuallyHidden>{menuLabel}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows === undefined &&
              Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <Table.Tr key={i}>
                  <Table.Td>
                    <Skeleton h={12} w="70%" mb={6} />
                    <Skeleton h={10} w="45%" />
                  </Table.Td>
                  {Array.from({ length: columns.length + 1 }, (_, j) => (
                    <Table.Td key={j}>
                      <Skeleton h={12} w={j === columns.length ? 20 : 56} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            {rows?.map((row) => (
              <Table.Tr key={row.id} style={ROW} onClick={() => onOpen(row)}>
                <Table.Td maw={340}>{name(row)}</Table.Td>
                {columns.map((column) => (
                  <Table.Td
                    key={column.key}
                    ta={column.kind === 'number' ? 'right' : undefined}
                    style={column.kind === 'date' ? NOWRAP : undefined}
                  >
                    {column.kind === 'badge' ? (
                      <Box miw="max-content">{column.cell(row)}</Box>
                    ) : (
                      column.cell(row)
                    )}
                  </Table.Td>
                ))}
                <Table.Td>{menu(row)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

interface ProgramCardsProps<T extends { id: string; name: string }> extends ProgramRowsProps<T> {
  /** The status, shown beside the menu. */
  badge: (row: T) => ReactNode;
  /** The figures of a card, in the card's order. */
  facts: ProgramColumn<T>[];
  testId: string;
}

/** A campaign list on a phone: a stack of cards with the name, status, menu and figures. */
function ProgramCards<T extends { id: string; name: string }>({
  rows,
  stale,
  name,
  menu,
  onOpen,
  badge,
  facts,
  testId,
}: ProgramCardsProps<T>) {
  return (
    <Stack gap="sm" style={{ opacity: stale ? 0.6 : 1 }} data-testid={testId}>
      {rows === undefined && Array.from({ length: 3 }, (_, i) => <Skeleton key={i} h={148} radius="md" />)}
      {rows?.map((row) => (
        <Card key={row.id} withBorder padding="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs" mb="sm">
            <Box style={{ flex: 1, minWidth: 0 }}>{name(row)}</Box>
            <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
              {badge(row)}
              {menu(row)}
            </Group>
          </Group>
          <UnstyledButton onClick={() => onOpen(row)} w="100%">
            {/* Named by the program, then the figures it shows (WCAG 2.5.3: the visible text in the name). */}
            <VisuallyHidden>{row.name}</VisuallyHidden>
            <SimpleGrid cols={3} spacing="xs" verticalSpacing="xs">
              {facts.map((fact) => (
                <CardFact key={fact.key} label={fact.label}>
                  {fact.cell(row)}
                </CardFact>
              ))}
            </SimpleGrid>
          </UnstyledButton>
        </Card>
      ))}
    </Stack>
  );
}

type RowKeys = keyof ProgramRowsProps<{ id: string; name: string }>;

interface ProgramListProps<T extends { id: string; name: string }> extends ProgramRowsProps<T> {
  /** The status badge: the first column of the table, beside the menu on a card. */
  badge: (row: T) => ReactNode;
  /** The table's columns after the status, on wider screens. */
  table: Omit<ProgramTableProps<T>, RowKeys | 'columns'> & {
    statusLabel: string;
    columns: ProgramColumn<T>[];
  };
  /** The cards' figures and test id, on a phone. */
  cards: Omit<ProgramCardsProps<T>, RowKeys | 'badge'>;
}

/** A campaign list (spec 2 §2): a table on wider screens, a stack of cards on a phone. */
export function ProgramList<T extends { id: string; name: string }>({
  badge,
  table: { statusLabel, columns, ...table },
  cards,
  ...rows
}: ProgramListProps<T>) {
  const phone = useCardLayout();
  if (phone) return <ProgramCards {...rows} {...cards} badge={badge} />;
  return (
    <ProgramTable
      {...rows}
      {...table}
      columns={[{ key: 'status', label: statusLabel, cell: badge, kind: 'badge' }, ...columns]}
    />
  );
}
