import { Anchor, Card, Group, Skeleton, Table, Text } from '@mantine/core';
import type { EmployeeList } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatLongDate } from '../../../lib/format-date.ts';
import { EMPLOYEE_PATHS } from '../employee-paths.ts';
import { SourceBadge } from './source-badge.tsx';

const SKELETON_ROWS = 4;

/** The company's employee lists: name, employees, created date and where a synced list came from. */
export function ListsTable({ lists }: { lists: EmployeeList[] | undefined }) {
  const { t, i18n } = useTranslation();
  return (
    <Card p={0}>
      <Table.ScrollContainer minWidth={520} type="native">
        <Table
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing="lg"
          aria-label={t('employees.overview.lists')}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('employees.overview.name')}</Table.Th>
              <Table.Th ta="right">{t('employees.overview.employees')}</Table.Th>
              <Table.Th>{t('employees.overview.created')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lists === undefined &&
              Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <Table.Tr key={i}>
                  <Table.Td>
                    <Skeleton h={12} w="50%" />
                  </Table.Td>
                  <Table.Td>
                    <Skeleton h={12} w={32} ml="auto" />
                  </Table.Td>
                  <Table.Td>
                    <Skeleton h={12} w={120} />
                  </Table.Td>
                </Table.Tr>
              ))}
            {lists?.map((list) => (
              <Table.Tr key={list.id}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Anchor component={Link} to={EMPLOYEE_PATHS.list(list.id)} fw={600} size="sm">
                      {list.name}
                    </Anchor>
                    <SourceBadge source={list.source} />
                  </Group>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" ff="monospace">
                    {list.usersCount}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatLongDate(list.created, i18n.language)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
