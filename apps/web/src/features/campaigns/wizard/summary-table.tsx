import { Anchor, Card, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One row of a wizard's summary: its label key, the step that sets it, and what was chosen. */
export interface SummaryRow<S extends string> {
  key: string;
  step: S;
  value: ReactNode;
}

interface SummaryTableProps<S extends string> {
  rows: readonly SummaryRow<S>[];
  /** The row's label from its key (each kind's own locale section). */
  label: (key: string) => string;
  editLabel: string;
  /** The steps the manager may go back to. */
  allowed: Readonly<Record<S, boolean>>;
  onEdit: (step: S) => void;
  testId: string;
}

/**
 * The summary step's table of every kind's wizard: each choice with the way back to its step (the
 * name has its own edit, in the header).
 */
export function SummaryTable<S extends string>({
  rows,
  label,
  editLabel,
  allowed,
  onEdit,
  testId,
}: SummaryTableProps<S>) {
  return (
    <Card p={0}>
      <Table verticalSpacing="sm" horizontalSpacing="md" data-testid={testId}>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th w={{ base: 96, sm: 180 }} fw={600}>
                {label(row.key)}
              </Table.Th>
              <Table.Td>
                <Text size="sm" component="div" style={{ wordBreak: 'break-word' }}>
                  {row.value}
                </Text>
              </Table.Td>
              <Table.Td w={{ base: 56, sm: 80 }} ta="right">
                {allowed[row.step] && row.key !== 'name' && (
                  <Anchor component="button" size="sm" onClick={() => onEdit(row.step)}>
                    {editLabel}
                  </Anchor>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
