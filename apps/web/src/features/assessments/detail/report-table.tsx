import { Group, Skeleton, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { pageCount, TablePager } from '../../employees/index.ts';
import { employeeRowClass } from '../../campaigns/index.ts';
import classes from './report-table.module.css';

export interface ReportColumn<T> {
  key: string;
  label: ReactNode;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Sorted columns say so to assistive technology. */
  sort?: 'ascending' | 'descending' | 'none';
}

export interface ReportPager {
  page: number;
  total: number;
  size: number;
  onChange: (page: number) => void;
}

interface ReportTableProps<T> {
  columns: ReportColumn<T>[];
  /** undefined while the first load runs: skeleton rows stand in. */
  rows: readonly T[] | undefined;
  rowKey: (row: T, index: number) => string;
  empty: string;
  error?: unknown;
  onRetry?: () => void;
  /** A newer page or filter is on its way: the rows shown are dimmed. */
  stale?: boolean;
  onRowClick?: (row: T) => void;
  rowLabel?: (row: T) => string;
  /** Below this width the table scrolls sideways (phones). */
  minWidth?: number;
  /** Shown when given; the caller decides by the spec's hiding rules. */
  pager?: ReportPager | null;
  testId?: string;
}

const SKELETON_ROWS = 4;

/** The report tables' common frame: scrolling, loading and empty states, clickable rows and pages. */
export function ReportTable<T>({
  columns,
  rows,
  rowKey,
  empty,
  error,
  onRetry,
  stale = false,
  onRowClick,
  rowLabel,
  minWidth = 560,
  pager,
  testId,
}: ReportTableProps<T>) {
  if (error && !rows) return <LoadError error={error} onRetry={onRetry ?? (() => undefined)} />;
  return (
    <>
      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table
          verticalSpacing="sm"
          horizontalSpacing="md"
          highlightOnHover={Boolean(onRowClick)}
          aria-busy={!rows || stale}
          className={stale ? classes.stale : undefined}
          data-testid={testId}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} ta={column.align} aria-sort={column.sort}>
                  {column.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {!rows &&
              Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <Table.Tr key={i}>
                  {columns.map((column) => (
                    <Table.Td key={column.key}>
                      <Skeleton h={12} w="60%" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            {rows?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" ta="center" py="xl" size="sm">
                    {empty}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows?.map((row, index) => (
              <Table.Tr
                key={rowKey(row, index)}
                className={employeeRowClass(Boolean(onRowClick))}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                onKeyDown={
                  onRowClick
                    ? (event) => {
                        if (event.key === 'Enter') onRowClick(row);
                      }
                    : undefined
                }
                tabIndex={onRowClick ? 0 : undefined}
                aria-label={rowLabel?.(row)}
              >
                {columns.map((column) => (
                  <Table.Td key={column.key} ta={column.align}>
                    {column.render(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pager && (
        <Group justify="flex-end" mt="sm">
          <TablePager
            page={pager.page}
            totalPages={pageCount(pager.total, pager.size)}
            onChange={pager.onChange}
          />
        </Group>
      )}
    </>
  );
}
