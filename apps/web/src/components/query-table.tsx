import {
  Box,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
  type MantineSpacing,
  type TableTdProps,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCardLayout } from '../lib/use-is-phone.ts';
import { CardFact } from './card-fact.tsx';
import { LoadError } from './load-error.tsx';

export interface QueryTableColumn<T> {
  key: string;
  header: ReactNode;
  /** Read by screen readers only (an actions column). */
  hiddenHeader?: boolean;
  align?: 'right';
  width?: number;
  /** Extra props of each cell of the column (a style, a weight). */
  td?: TableTdProps;
  cell: (row: T) => ReactNode;
  /**
   * Where a card shows the column (with `cardsOnPhone`): `media` beside the `title`, `aside` (a
   * status) at the card's top right, `actions` at its foot; any other column is a labelled fact.
   */
  card?: 'media' | 'title' | 'aside' | 'actions';
}

/** The loading and error states of the query behind the rows (a TanStack query fits). */
export interface QueryState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface QueryTableProps<T> {
  /** Omitted when the rows are at hand already (part of a record that has loaded). */
  query?: QueryState;
  rows: readonly T[] | undefined;
  rowKey: (row: T, index: number) => string;
  columns: QueryTableColumn<T>[];
  /** What an empty table says, in its one row. */
  empty: ReactNode;
  /** Narrower than this, the table scrolls sideways (unless it shows as cards). */
  minWidth: number;
  /** On a phone (useCardLayout), each row is a card (see QueryTableColumn.card) instead of a table row. */
  cardsOnPhone?: boolean;
  spacing?: { vertical?: MantineSpacing; horizontal?: MantineSpacing };
  fz?: 'sm';
  testId?: string;
  rowTestId?: (row: T) => string;
  /** Beneath the table once it has rows: a pager or a "more" button. */
  footer?: ReactNode;
}

const LOADING_ROWS = 3;

/**
 * One table of rows a query loads, with the states every such table needs: skeleton rows while it
 * loads, the load error with Retry, a row that says it is empty, sideways scrolling on narrow screens.
 */
export function QueryTable<T>({
  query,
  rows,
  rowKey,
  columns,
  empty,
  minWidth,
  spacing,
  fz,
  testId,
  rowTestId,
  footer,
  cardsOnPhone = false,
}: QueryTableProps<T>) {
  const { t } = useTranslation();
  const cards = useCardLayout() && cardsOnPhone;
  if (query?.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const loading = query?.isPending === true || rows === undefined;
  if (cards)
    return (
      <>
        <QueryCards rows={loading ? undefined : rows} {...{ rowKey, columns, empty, testId, rowTestId }} />
        {loading && <VisuallyHidden role="status">{t('session.loadingPage')}</VisuallyHidden>}
        {!loading && rows.length > 0 && footer}
      </>
    );
  const body = loading ? (
    Array.from({ length: LOADING_ROWS }, (_, i) => (
      <Table.Tr key={i}>
        {columns.map((c) => (
          <Table.Td key={c.key}>
            <Skeleton h={12} w={c.hiddenHeader ? 32 : '70%'} ml={c.align === 'right' ? 'auto' : undefined} />
          </Table.Td>
        ))}
      </Table.Tr>
    ))
  ) : rows.length === 0 ? (
    <Table.Tr>
      <Table.Td colSpan={columns.length}>
        {/* Held in view while the table scrolls sideways, so a phone shows it whole. */}
        <Text
          c="dimmed"
          ta="center"
          py="lg"
          size="sm"
          style={{
            position: 'sticky',
            left: 'var(--mantine-spacing-md)',
            maxWidth: 'calc(100cqw - 2 * var(--mantine-spacing-md))',
          }}
        >
          {empty}
        </Text>
      </Table.Td>
    </Table.Tr>
  ) : (
    rows.map((row, index) => (
      <Table.Tr key={rowKey(row, index)} data-testid={rowTestId?.(row)}>
        {columns.map((c) => (
          <Table.Td key={c.key} ta={c.align} {...c.td}>
            {c.cell(row)}
          </Table.Td>
        ))}
      </Table.Tr>
    ))
  );
  return (
    <>
      {/* Positioned, so that what a cell positions absolutely (a visually hidden header) is clipped by the
          scroll box too, instead of widening the page on a phone. The empty row's text is as wide as what
          shows of the table (cqw), not the scrolled width. */}
      <Table.ScrollContainer
        minWidth={minWidth}
        type="native"
        pos="relative"
        style={!loading && rows.length === 0 ? { containerType: 'inline-size' } : undefined}
      >
        <Table
          verticalSpacing={spacing?.vertical ?? 'sm'}
          horizontalSpacing={spacing?.horizontal}
          fz={fz}
          data-testid={testId}
          aria-busy={loading || undefined}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} ta={c.align} w={c.width}>
                  {c.hiddenHeader ? <VisuallyHidden>{c.header}</VisuallyHidden> : c.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {loading && <VisuallyHidden role="status">{t('session.loadingPage')}</VisuallyHidden>}
      {!loading && rows.length > 0 && footer}
    </>
  );
}

/** The rows as a stack of cards (a phone): what each column's `card` says, the rest as facts. */
function QueryCards<T>({
  rows,
  rowKey,
  columns,
  empty,
  testId,
  rowTestId,
}: Pick<QueryTableProps<T>, 'rows' | 'rowKey' | 'columns' | 'empty' | 'testId' | 'rowTestId'>) {
  const placed = (place: QueryTableColumn<T>['card']) => columns.filter((c) => c.card === place);
  const facts = columns.filter((c) => !c.card);
  if (rows === undefined)
    return (
      <Stack gap="sm" data-testid={testId} aria-busy>
        {Array.from({ length: LOADING_ROWS }, (_, i) => (
          <Skeleton key={i} h={120} radius="md" />
        ))}
      </Stack>
    );
  if (rows.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg" size="sm" data-testid={testId}>
        {empty}
      </Text>
    );
  return (
    <Stack gap="sm" data-testid={testId}>
      {rows.map((row, index) => (
        <Card key={rowKey(row, index)} withBorder padding="md" data-testid={rowTestId?.(row)}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" mb="sm">
            <Group align="flex-start" wrap="nowrap" gap="sm" style={{ flex: 1, minWidth: 0 }}>
              {placed('media').map((c) => (
                <Box key={c.key} style={{ flexShrink: 0 }}>
                  {c.cell(row)}
                </Box>
              ))}
              <Box style={{ flex: 1, minWidth: 0 }}>
                {placed('title').map((c) => (
                  <Box key={c.key}>{c.cell(row)}</Box>
                ))}
              </Box>
            </Group>
            {placed('aside').map((c) => (
              <Box key={c.key} style={{ flexShrink: 0 }}>
                {c.cell(row)}
              </Box>
            ))}
          </Group>
          {facts.length > 0 && (
            <SimpleGrid cols={Math.min(3, facts.length)} spacing="xs" verticalSpacing="xs">
              {facts.map((c) => (
                <CardFact key={c.key} label={c.header}>
                  {c.cell(row)}
                </CardFact>
              ))}
            </SimpleGrid>
          )}
          {placed('actions').map((c) => (
            <Box key={c.key} mt="sm">
              {c.cell(row)}
            </Box>
          ))}
        </Card>
      ))}
    </Stack>
  );
}
