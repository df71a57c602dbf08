import { Group, Pagination } from '@mantine/core';
import { EMPLOYEE_PAGE } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { pageWindow } from '../page-window.ts';

interface TablePagerProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}

/** Pages of a table with five page buttons around the current page (spec 3 §2.1). */
export function TablePager({ page, totalPages, onChange }: TablePagerProps) {
  const { t } = useTranslation();
  return (
    <Pagination.Root total={totalPages} value={page} onChange={onChange} size="sm">
      <Group component="nav" gap={6} wrap="nowrap" aria-label={t('employees.pager.label')}>
        <Pagination.First aria-label={t('employees.pager.first')} />
        <Pagination.Previous aria-label={t('employees.pager.previous')} />
        {pageWindow(page, totalPages, EMPLOYEE_PAGE.pageButtons).map((n) => (
          <Pagination.Control
            key={n}
            active={n === page}
            aria-current={n === page ? 'page' : undefined}
            onClick={() => onChange(n)}
          >
            {n}
          </Pagination.Control>
        ))}
        <Pagination.Next aria-label={t('employees.pager.next')} />
        <Pagination.Last aria-label={t('employees.pager.last')} />
      </Group>
    </Pagination.Root>
  );
}
