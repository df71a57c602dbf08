import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { EmployeeSortColumn, EmployeeTableQuery } from '../employee-table-query.ts';

interface SortableThProps {
  column: EmployeeSortColumn;
  label: string;
  query: EmployeeTableQuery;
  onSort: (column: EmployeeSortColumn) => void;
}

/** A column header that sorts the table by its column; the arrow shows the direction. */
export function SortableTh({ column, label, query, onSort }: SortableThProps) {
  const sorted = query.sort === column;
  const ascending = query.order === 'asc';
  const Icon = sorted ? (ascending ? IconChevronUp : IconChevronDown) : IconSelector;
  return (
    <Table.Th aria-sort={sorted ? (ascending ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(column)}>
        <Group gap={4} wrap="nowrap">
          <Text component="span" fw={600} size="sm">
            {label}
          </Text>
          <Icon size={14} stroke={2} aria-hidden style={{ opacity: sorted ? 1 : 0.5 }} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
