import {
  Alert,
  Badge,
  Checkbox,
  Group,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ImportResult } from '@vigil/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/translate-message.ts';
import { canConfirmImport, importSummary, type ImportMessagePart } from '../import-summary.ts';

/** How many employees of each kind the preview lists; the counts are exact. */
const SHOWN = 100;
const LIST_HEIGHT = 220;
/** The rejected lines come first and stay short, so that they are seen above the dialog's buttons. */
const ERRORS_HEIGHT = 160;

function messagePart(t: TFunction, part: ImportMessagePart): string {
  return 'count' in part
    ? t(`employees.import.messages.${part.key}`, { count: part.count })
    : t(`employees.import.messages.${part.key}`);
}

/** Orange when the import would delete employees, grey when it changes nothing. */
function summaryColor(result: ImportResult, removeObsolete: boolean): string {
  if (removeObsolete && result.obsolete > 0) return 'orange';
  return canConfirmImport(result, removeObsolete) ? 'blue' : 'gray';
}

interface PeopleListProps {
  title: string;
  count: number;
  people: ImportResult['newUsers'];
  color: string;
  testId: string;
}

function PeopleList({ title, count, people, color, testId }: PeopleListProps) {
  const { t } = useTranslation();
  const shown = people.slice(0, SHOWN);
  return (
    <Paper withBorder p="sm" data-testid={testId}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text size="sm" fw={600}>
          {title}
        </Text>
        <Badge color={color} variant="light">
          {count}
        </Badge>
      </Group>
      {/* A list longer than its box scrolls by keyboard too. */}
      <ScrollArea.Autosize mah={LIST_HEIGHT} type="auto" viewportProps={{ tabIndex: 0, 'aria-label': title }}>
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {shown.map((person) => (
            <li key={person.email}>
              <Text size="sm" truncate>
                {person.email}
              </Text>
              {person.name && (
                <Text size="xs" c="dimmed" truncate>
                  {person.name}
                </Text>
              )}
            </li>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {count > shown.length && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('employees.import.shown', { shown: shown.length, total: count })}
        </Text>
      )}
    </Paper>
  );
}

interface ImportPreviewProps {
  result: ImportResult;
  removeObsolete: boolean;
  /** Offered when some employees of the list are not in the file. */
  onRemoveObsoleteChange?: (value: boolean) => void;
}

/**
 * What an employee file would change (spec 3 §4, §8): the rejected lines first, then the new,
 * updated and obsolete employees.
 */
export function ImportPreview({ result, removeObsolete, onRemoveObsoleteChange }: ImportPreviewProps) {
  const { t } = useTranslation();
  const lists = [
    {
      key: 'new',
      title: t('employees.import.new'),
      count: result.added,
      people: result.newUsers,
      color: 'green',
    },
    {
      key: 'updated',
      title: t('employees.import.updated'),
      count: result.updated,
      people: result.updatedUsers,
      color: 'blue',
    },
    {
      key: 'obsolete',
      title: t('employees.import.obsolete'),
      count: result.obsolete,
      people: result.obsoleteUsers,
      color: removeObsolete ? 'red' : 'gray',
    },
  ].filter((list) => list.count > 0);

  return (
    <Stack gap="md" data-testid="import-preview">
      {onRemoveObsoleteChange && (
        <Checkbox
          label={t('employees.import.removeObsolete')}
          description={t('employees.import.removeObsoleteHint')}
          checked={removeObsolete}
          onChange={(event) => onRemoveObsoleteChange(event.currentTarget.checked)}
        />
      )}
      <Alert
        variant="light"
        color={summaryColor(result, removeObsolete)}
        icon={<IconInfoCircle />}
        data-testid="import-summary"
      >
        <Stack gap={4}>
          {importSummary(result, removeObsolete).map((line) => (
            <Text size="sm" key={line.map((part) => part.key).join()}>
              {line.map((part) => messagePart(t, part)).join(' ')}
            </Text>
          ))}
        </Stack>
      </Alert>
      {result.data.length > 0 && (
        <div data-testid="import-errors">
          <Title order={3} fz="sm" c="red" mb="xs">
            {t('employees.import.messages.foundErrors')}
          </Title>
          <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
            <Table.ScrollContainer minWidth={480} maxHeight={ERRORS_HEIGHT} type="native">
              <Table stickyHeader verticalSpacing={6} fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={70}>{t('employees.import.line')}</Table.Th>
                    <Table.Th>{t('employees.import.original')}</Table.Th>
                    <Table.Th>{t('employees.import.error')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.data.map((row) => (
                    <Table.Tr key={row.lineNumber}>
                      <Table.Td ff="monospace">{row.lineNumber}</Table.Td>
                      <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
                        {row.original}
                      </Table.Td>
                      <Table.Td c="red">{translateMessage(t, row.error)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          {result.count_invalid > result.data.length && (
            <Text size="xs" c="dimmed" mt="xs">
              {t('employees.import.shown', { shown: result.data.length, total: result.count_invalid })}
            </Text>
          )}
        </div>
      )}
      {lists.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: lists.length }} spacing="sm">
          {lists.map(({ key, ...list }) => (
            <PeopleList key={key} testId={`import-${key}`} {...list} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
