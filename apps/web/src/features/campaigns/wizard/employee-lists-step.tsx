import {
  Alert,
  Button,
  Card,
  Checkbox,
  Collapse,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconSearch, IconUsers, IconUsersPlus } from '@tabler/icons-react';
import { TRAINING_MESSAGES, type Company, type EmployeeList } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useLists } from '../../employees/index.ts';
import { StepProblems } from './step-problems.tsx';
import { StepSection } from './step-section.tsx';
import { NewListForm } from './new-list-form.tsx';

/** Above this many lists a search box helps find one. */
const SEARCH_FROM = 8;

export interface EmployeeListsStepProps {
  company: Company;
  listIds: readonly string[];
  onToggle: (id: string, selected: boolean) => void;
  problems: readonly string[];
  /** How the problems read; the plain message translation by default. */
  translateProblem?: (message: string) => string;
  /** The people the chosen lists reach, each counted once. */
  selectedUsersCount: number;
  /** The step's explanation; the training program's by default. */
  description?: string;
}

/** A campaign's Select Employees step: pick employee lists, or make one from pasted addresses. */
export function EmployeeListsStep({
  company,
  listIds,
  onToggle,
  problems,
  translateProblem,
  selectedUsersCount,
  description,
}: EmployeeListsStepProps) {
  const { t } = useTranslation();
  const lists = useLists(company.company_id);
  const [creating, setCreating] = useState(false);
  const [search, setSearch] = useState('');
  const rows = lists.data?.rows ?? [];
  const noLists = lists.isSuccess && rows.length === 0;
  const shown = rows.filter((list) =>
    list.name.toLocaleLowerCase().includes(search.trim().toLocaleLowerCase()),
  );
  const selected = new Set(listIds);
  const seats = company.users_available;

  const created = (list: EmployeeList) => {
    onToggle(list.id, true);
    setCreating(false);
  };

  return (
    <StepSection
      title={t('trainingWizard.employees.title')}
      description={description ?? t('trainingWizard.employees.description')}
      actions={
        !noLists && (
          <Button
            variant="light"
            leftSection={<IconUsersPlus size={16} />}
            onClick={() => setCreating((open) => !open)}
            aria-expanded={creating}
          >
            {t('trainingWizard.employees.newList')}
          </Button>
        )
      }
    >
      <StepProblems problems={problems} translate={translateProblem} />
      <Collapse expanded={creating || noLists}>
        <Card>
          <Title order={3} fz="md" mb="sm">
            {t('trainingWizard.employees.newList')}
          </Title>
          <NewListForm
            companyId={company.company_id}
            canAddUsers={company.canAddUsers}
            onCreated={created}
            onCancel={() => setCreating(false)}
          />
        </Card>
      </Collapse>

      {lists.isError ? (
        <LoadError error={lists.error} onRetry={() => void lists.refetch()} />
      ) : lists.isPending ? (
        <Stack gap="xs" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={44} />
          ))}
        </Stack>
      ) : noLists ? (
        <EmptyState
          variant="light"
          icon={<IconUsers />}
          title={t('trainingWizard.employees.emptyTitle')}
          description={t('trainingWizard.employees.emptyText')}
        />
      ) : (
        <Card padding={0}>
          {rows.length > SEARCH_FROM && (
            <TextInput
              m="md"
              mb={0}
              aria-label={t('trainingWizard.employees.search')}
              placeholder={t('trainingWizard.employees.search')}
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
          )}
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={48}>
                  <VisuallyHidden>{t('trainingWizard.employees.select')}</VisuallyHidden>
                </Table.Th>
                <Table.Th>{t('trainingWizard.employees.list')}</Table.Th>
                <Table.Th ta="right">{t('trainingWizard.employees.count')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((list) => (
                <Table.Tr key={list.id} data-testid="list-row">
                  <Table.Td>
                    <Checkbox
                      id={`list-${list.id}`}
                      checked={selected.has(list.id)}
                      onChange={(event) => onToggle(list.id, event.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text
                      component="label"
                      htmlFor={`list-${list.id}`}
                      size="sm"
                      fw={500}
                      style={{ cursor: 'pointer' }}
                    >
                      {list.name}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{list.usersCount}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {shown.length === 0 && (
            <Text c="dimmed" size="sm" ta="center" p="md">
              {t('trainingWizard.employees.noMatch')}
            </Text>
          )}
        </Card>
      )}

      <Group gap="xs" aria-live="polite" data-testid="selected-employees">
        <IconUsers size={18} aria-hidden />
        <Text fw={600}>
          {t('trainingWizard.employees.selected', { n: selectedUsersCount, lists: selected.size })}
        </Text>
      </Group>
      {selected.size > 0 && selectedUsersCount === 0 && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle />}>
          {translateMessage(t, TRAINING_MESSAGES.needsEmployees)}
        </Alert>
      )}
      {seats !== null && selectedUsersCount > seats && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle />} data-testid="seats-warning">
          {t('trainingWizard.employees.overSeats', { n: selectedUsersCount, m: seats })}
        </Alert>
      )}
    </StepSection>
  );
}
