import { Badge, Button, Card, Progress, Table, Text, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import type { TrainingUserDetail } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatShortDate } from '../../../lib/format-date.ts';
import { DeliveryStatusBadge } from '../../campaigns/index.ts';

const NONE = '—';

/** Per subject: when it was delivered, whether it was opened, how much video was watched, the answers. */
export function EmployeeSubjectsTable({ subjects }: { subjects: TrainingUserDetail['subjects'] }) {
  const { t, i18n } = useTranslation();
  const headers = ['title', 'delivered', 'opened', 'video', 'answers', 'finished'] as const;
  return (
    <Card p={0}>
      <Title order={2} fz="md" p="md" pb="xs">
        {t('trainingDelivery.employee.subjectsTitle')}
      </Title>
      <Table.ScrollContainer minWidth={720} type="native">
        <Table verticalSpacing="sm" horizontalSpacing="md" data-testid="employee-subjects">
          <Table.Thead>
            <Table.Tr>
              {headers.map((header) => (
                <Table.Th key={header}>{t(`trainingDelivery.employee.subjects.${header}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {subjects.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={headers.length}>
                  <Text c="dimmed" ta="center" py="lg" size="sm">
                    {t('trainingDelivery.employee.noSubjects')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {subjects.map((subject) => (
              <Table.Tr key={`${subject.eventId}-${subject.id}`}>
                <Table.Td fw={500} miw={200}>
                  {subject.title}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {subject.deliveredAt ? formatShortDate(subject.deliveredAt, i18n.language) : NONE}
                </Table.Td>
                <Table.Td>
                  {subject.opened ? t('trainingDelivery.employee.yes') : t('trainingDelivery.employee.no')}
                </Table.Td>
                <Table.Td miw={120}>
                  <Text size="xs" mb={4}>
                    {Math.round(subject.videoPercent)}%
                  </Text>
                  <Progress value={Math.min(Math.max(subject.videoPercent, 0), 100)} size="sm" aria-hidden />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {subject.questions > 0
                    ? t('trainingDelivery.employee.answers', {
                        correct: subject.correct,
                        answered: subject.answered,
                        questions: subject.questions,
                      })
                    : NONE}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={subject.finished ? 'green' : 'gray'} tt="none">
                    {subject.finished
                      ? t('trainingDelivery.employee.finished')
                      : t('trainingDelivery.employee.notFinished')}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

interface EmployeeLogTableProps {
  log: TrainingUserDetail['log'];
  /** Super-admins get a mail id per row and may open the mail. */
  onViewMail: (mailId: string) => void;
}

/** What was sent to the employee and what became of it (spec 2 §2: created, actions, message, status). */
export function EmployeeLogTable({ log, onViewMail }: EmployeeLogTableProps) {
  const { t, i18n } = useTranslation();
  const withMail = log.some((entry) => entry.mailId !== null);
  const headers = ['created', 'actions', 'message', 'status'] as const;
  return (
    <Card p={0}>
      <Title order={2} fz="md" p="md" pb="xs">
        {t('trainingDelivery.employee.logTitle')}
      </Title>
      <Table.ScrollContainer minWidth={withMail ? 760 : 640} type="native">
        <Table verticalSpacing="sm" horizontalSpacing="md" data-testid="employee-log">
          <Table.Thead>
            <Table.Tr>
              {headers.map((header) => (
                <Table.Th key={header}>{t(`trainingDelivery.employee.log.${header}`)}</Table.Th>
              ))}
              {withMail && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {log.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={headers.length + (withMail ? 1 : 0)}>
                  <Text c="dimmed" ta="center" py="lg" size="sm">
                    {t('trainingDelivery.employee.noLog')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {log.map((entry, index) => (
              <Table.Tr
                key={`${entry.created}-${index}`}
                // The whole row opens its mail; the button in it is the way for the keyboard.
                onClick={() => entry.mailId && onViewMail(entry.mailId)}
                style={entry.mailId ? { cursor: 'pointer' } : undefined}
                data-mail-id={entry.mailId ?? undefined}
              >
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(entry.created, i18n.language)}
                </Table.Td>
                <Table.Td>{entry.actions || NONE}</Table.Td>
                <Table.Td maw={360} style={{ overflowWrap: 'anywhere' }}>
                  {entry.message || NONE}
                </Table.Td>
                <Table.Td>
                  <DeliveryStatusBadge status={entry.delivery_status} />
                </Table.Td>
                {withMail && (
                  <Table.Td ta="right">
                    {entry.mailId && (
                      <Button
                        size="compact-sm"
                        variant="light"
                        leftSection={<IconMail size={14} />}
                        onClick={(event) => {
                          event.stopPropagation();
                          if (entry.mailId) onViewMail(entry.mailId);
                        }}
                      >
                        {t('trainingDelivery.employee.viewMail')}
                      </Button>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
