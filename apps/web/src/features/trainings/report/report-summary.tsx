import { Card, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { completionPercent, type TrainingReport } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../campaigns/index.ts';
import classes from './report-page.module.css';

function Figure({ label, value, caption }: { label: string; value: string; caption?: string }) {
  return (
    <Card className={classes.section} withBorder>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.3}>
        {value}
      </Text>
      {caption && (
        <Text size="xs" c="dimmed">
          {caption}
        </Text>
      )}
    </Card>
  );
}

/** Completion, quiz score, attendance, invited and bounced (spec 3 §2.3). */
export function ReportFigures({ training }: { training: TrainingReport['training'] }) {
  const { t } = useTranslation();
  const na = t('trainings.notAvailable');
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
      <Figure
        label={t('trainings.detail.completionRate')}
        value={formatPercent(training.completionRate, na)}
        caption={t('trainings.detail.completionCaption', { score: training.score, total: training.total })}
      />
      <Figure
        label={t('figures.quizScore')}
        value={formatPercent(training.quizScore, na)}
        caption={t('trainings.detail.quizCaption', {
          correct: training.correct,
          answered: training.answered,
        })}
      />
      <Figure
        label={t('trainings.detail.attendance')}
        value={formatPercent(training.attendance, na)}
        caption={t('trainings.detail.attendanceCaption', {
          opened: training.opened,
          count: training.invited,
        })}
      />
      <Figure label={t('trainings.detail.invited')} value={String(training.invited)} />
      <Figure label={t('trainings.detail.bounced')} value={String(training.bounced)} />
    </SimpleGrid>
  );
}

/** "3 / 4 (75%)", or a dash while nothing is expected. */
const completed = (score: number, total: number, na: string) =>
  total > 0 ? `${score} / ${total} (${formatPercent(completionPercent(score, total), na)})` : '—';

/** Per lesson: sent, completed of expected, questions and correct answers. */
export function ReportLessons({ lessons }: { lessons: TrainingReport['lessons'] }) {
  const { t } = useTranslation();
  const na = t('trainings.notAvailable');
  return (
    <Card className={classes.section} withBorder p={0}>
      <Title order={2} fz="md" p="md" pb="xs">
        {t('trainingReport.lessons')}
      </Title>
      <Table.ScrollContainer className={classes.scroll} minWidth={600} type="native">
        <Table verticalSpacing="xs" horizontalSpacing="md" data-testid="report-lessons">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('trainings.lessons.name')}</Table.Th>
              <Table.Th ta="right">{t('trainings.lessons.sent')}</Table.Th>
              <Table.Th ta="right">{t('trainings.lessons.completed')}</Table.Th>
              <Table.Th ta="right">{t('trainings.lessons.questions')}</Table.Th>
              <Table.Th ta="right">{t('trainings.lessons.correct')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lessons.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text c="dimmed" ta="center" py="md" size="sm">
                    {t('trainings.lessons.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {lessons.map((lesson) => (
              <Table.Tr key={lesson.id}>
                <Table.Td fw={500}>{lesson.name}</Table.Td>
                <Table.Td ta="right">{lesson.sent}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {completed(lesson.score, lesson.total, na)}
                </Table.Td>
                <Table.Td ta="right">{lesson.questions_count}</Table.Td>
                <Table.Td ta="right">{formatPercent(lesson.correctsStats, na)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** Each employee list's progress: lessons completed of those expected. */
export function ReportLists({ lists }: { lists: TrainingReport['lists'] }) {
  const { t } = useTranslation();
  const na = t('trainings.notAvailable');
  return (
    <Card className={classes.section} withBorder>
      <Title order={2} fz="md" mb="sm">
        {t('trainingReport.lists')}
      </Title>
      {lists.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('trainings.lists.empty')}
        </Text>
      ) : (
        <Stack gap="sm" data-testid="report-lists">
          {lists.map((list) => {
            const percent = completionPercent(list.score, list.total);
            return (
              <div key={list.id}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" fw={500} truncate>
                    {list.name}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {t('trainingReport.listEmployees', { count: list.list_user_count })} ·{' '}
                    {formatPercent(percent, na)}
                  </Text>
                </Group>
                <Progress value={percent ?? 0} size="md" mt={4} color="teal" aria-hidden />
              </div>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
