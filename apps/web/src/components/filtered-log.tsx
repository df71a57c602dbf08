import { Button, Card, SimpleGrid, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PageHeader } from './page-header.tsx';
import { QueryTable, type QueryTableProps } from './query-table.tsx';

interface FilteredLogProps<T> {
  title: string;
  description: ReactNode;
  /** The CSV of the rows the filters pick; no button while there is no address (no session token yet). */
  download: { href: string | null; label: string; testId: string };
  /** The filter fields, laid out four to a row on a wide screen and one under the other on a phone. */
  filters: ReactNode;
  /** The log's table: its rows, columns and footer (a pager or a "more" button). */
  table: QueryTableProps<T>;
  /** Beneath the table: a note on the log. */
  children?: ReactNode;
}

/**
 * A log page (the audit log, the views log): the title with the CSV download, a bar of filters, and the
 * rows the filters pick in a table that scrolls sideways inside its card on a narrow screen.
 */
export function FilteredLog<T>({
  title,
  description,
  download,
  filters,
  table,
  children,
}: FilteredLogProps<T>) {
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          download.href && (
            <Button
              component="a"
              href={download.href}
              variant="light"
              leftSection={<IconDownload size={18} />}
              data-testid={download.testId}
            >
              {download.label}
            </Button>
          )
        }
      />
      <Stack gap="lg">
        <Card>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>{filters}</SimpleGrid>
        </Card>
        <Card>
          <QueryTable {...table} />
        </Card>
        {children}
      </Stack>
    </>
  );
}
