import {
  Alert,
  Anchor,
  Badge,
  Card,
  DataList,
  Grid,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconEyeOff } from '@tabler/icons-react';
import {
  EMPLOYEE_MESSAGES,
  EMPLOYEE_PAGE,
  isUuid,
  MESSAGES,
  quizScorePercent,
  type EmployeeDetail,
  type EmployeeSubjectStatus,
} from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatLongDate } from '../../../lib/format-date.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useEmployee } from '../api/get-employee.ts';
import { ListNotFound } from '../components/list-not-found.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { TablePager } from '../components/table-pager.tsx';
import { EMPLOYEE_PATHS, listSearchFrom } from '../employee-paths.ts';
import { pageCount } from '../page-window.ts';
import { useCompany, useScoreBands } from '../../../lib/session/index.ts';
import { bandColor, bandTitle } from '../../../lib/score-bands.ts';

const NONE = '—';

const SUBJECT_STATUS_COLORS: Record<EmployeeSubjectStatus, string> = {
  notStarted: 'gray',
  inProgress: 'blue',
  finished: 'green',
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** The per-subject table, 50 a page (spec 3 §9): every subject a program delivered to the employee. */
function SubjectsTable({ detail }: { detail: EmployeeDetail }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const size = EMPLOYEE_PAGE.detailPageSize;
  const rows = detail.subjects.slice((page - 1) * size, page * size);
  const date = (value: string | null) => (value ? formatLongDate(value, i18n.language) : NONE);
  return (
    <Card p={0}>
      <Title order={2} fz="lg" p="lg" pb="sm">
        {t('employees.employee.subjects')}
      </Title>
      <Table.ScrollContainer minWidth={760} type="native">
        <Table verticalSpacing="sm" horizontalSpacing="lg">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('employees.employee.subject')}</Table.Th>
              <Table.Th>{t('employees.employee.trainings')}</Table.Th>
              <Table.Th>{t('employees.employee.delivered')}</Table.Th>
              <Table.Th>{t('employees.employee.viewed')}</Table.Th>
              <Table.Th ta="right">{t('employees.employee.correct')}</Table.Th>
              <Table.Th ta="right">{t('employees.employee.incorrect')}</Table.Th>
              <Table.Th>{t('employees.employee.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text c="dimmed" ta="center" py="xl" size="sm">
                    {translateMessage(t, MESSAGES.noData)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((subject, index) => (
              <Table.Tr key={`${subject.title}-${index}`}>
                <Table.Td fw={500}>{subject.title}</Table.Td>
                <Table.Td>
                  {subject.training_ids.map((id) => detail.trainings[id] ?? id).join(', ') || NONE}
                </Table.Td>
                <Table.Td>{date(subject.delivered)}</Table.Td>
                <Table.Td>{date(subject.viewed)}</Table.Td>
                <Table.Td ta="right">{subject.correct}</Table.Td>
                <Table.Td ta="right">{subject.incorrect}</Table.Td>
                <Table.Td>
                  <Badge variant="light" tt="none" color={SUBJECT_STATUS_COLORS[subject.status]}>
                    {t(`employees.employee.subjectStatus.${subject.status}`)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {detail.subjects.length > size && (
        <Group justify="flex-end" p="md">
          <TablePager page={page} totalPages={pageCount(detail.subjects.length, size)} onChange={setPage} />
        </Group>
      )}
    </Card>
  );
}

/** Each assessment that reached the employee, with their resilience score once they finished. */
function AssessmentsTable({ assessments }: { assessments: EmployeeDetail['assessments'] }) {
  const { t, i18n } = useTranslation();
  const bands = useScoreBands();
  return (
    <Card p={0} mt="lg">
      <Title order={2} fz="lg" p="lg" pb="sm">
        {t('employees.employee.assessments')}
      </Title>
      <Table.ScrollContainer minWidth={640} type="native">
        <Table verticalSpacing="sm" horizontalSpacing="lg">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('employees.employee.assessment')}</Table.Th>
              <Table.Th>{t('employees.employee.invited')}</Table.Th>
              <Table.Th>{t('employees.employee.finished')}</Table.Th>
              <Table.Th>{t('employees.employee.status')}</Table.Th>
              <Table.Th ta="right">{t('figures.resilienceScore')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {assessments.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text c="dimmed" ta="center" py="xl" size="sm">
                    {translateMessage(t, MESSAGES.noData)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {assessments.map((assessment) => {
              const band = assessment.score === null ? null : bands.band(assessment.score);
              return (
                <Table.Tr key={assessment.id}>
                  <Table.Td fw={500}>{assessment.name}</Table.Td>
                  <Table.Td>{formatLongDate(assessment.invited, i18n.language)}</Table.Td>
                  <Table.Td>
                    {assessment.finished ? formatLongDate(assessment.finished, i18n.language) : NONE}
                  </Table.Td>
                  <Table.Td>{t(`employees.employee.assessmentStatus.${assessment.status}`)}</Table.Td>
                  <Table.Td ta="right">
                    {band ? (
                      <Badge variant="light" tt="none" color={bandColor(band.color)}>
                        {assessment.score} · {bandTitle(t, band)}
                      </Badge>
                    ) : (
                      NONE
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function EmployeeView({ detail, listId }: { detail: EmployeeDetail; listId: string }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <PageHeader title={detail.user_name || detail.email} description={detail.user_name && detail.email} />
      <Grid gap="lg" mb="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card h="100%">
            <DataList orientation="horizontal" labelWidth={140}>
              <Field label={t('employees.employee.name')}>{detail.user_name || NONE}</Field>
              <Field label={t('employees.employee.email')}>{detail.email}</Field>
              <Field label={t('employees.employee.unit')}>{detail.unit || NONE}</Field>
              <Field label={t('employees.employee.tags')}>
                {detail.tags.length === 0 ? (
                  NONE
                ) : (
                  <Group gap={4}>
                    {detail.tags.map((tag) => (
                      <Badge key={tag} variant="default" tt="none">
                        {tag}
                      </Badge>
                    ))}
                  </Group>
                )}
              </Field>
              <Field label={t('employees.employee.lists')}>
                <Group gap="xs">
                  {detail.lists.map((list) => (
                    <Anchor
                      key={list.id}
                      component={Link}
                      to={EMPLOYEE_PATHS.list(list.id)}
                      size="sm"
                      fw={list.id === listId ? 600 : undefined}
                    >
                      {list.name}
                    </Anchor>
                  ))}
                </Group>
              </Field>
              <Field label={t('employees.employee.added')}>
                {formatLongDate(detail.created, i18n.language)}
              </Field>
            </DataList>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card h="100%">
            <DataList orientation="horizontal" labelWidth={140}>
              <Field label={t('employees.employee.started')}>
                {detail.started ? t('employees.employee.startedYes') : t('employees.employee.notStarted')}
              </Field>
              <Field label={t('figures.completion')}>
                {detail.score === null ? NONE : `${detail.score}%`}
              </Field>
              <Field label={t('figures.quizScore')}>{formatQuizScore(detail.subjects)}</Field>
            </DataList>
          </Card>
        </Grid.Col>
      </Grid>
      <SubjectsTable detail={detail} />
      <AssessmentsTable assessments={detail.assessments} />
    </>
  );
}

/** Spec 3 §2.1: with anonymous tracking the server sends nothing about the person, so nothing is shown. */
function AnonymousView({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={email} />
      <Alert
        color="gray"
        variant="light"
        icon={<IconEyeOff />}
        title={translateMessage(t, EMPLOYEE_MESSAGES.trackingDisabled)}
        data-testid="tracking-disabled"
      >
        {t('employees.employee.anonymousText')}
      </Alert>
    </>
  );
}

/** /users/list/{listId}/user/{email}: one employee of a list (spec 3 §2.1, §3 Employee detail). */
export function EmployeeDetailPage() {
  const { t } = useTranslation();
  const { listId = '', email = '' } = useParams();
  const { state } = useLocation();
  const { company_id: companyId } = useCompany();
  const employee = useEmployee(companyId, listId, email);

  return (
    <Stack gap={0}>
      <Anchor
        component={Link}
        to={EMPLOYEE_PATHS.list(listId) + listSearchFrom(state)}
        size="sm"
        mb="md"
        w="fit-content"
      >
        <Group gap={6}>
          <IconArrowLeft size={16} />
          {t('employees.employee.back')}
        </Group>
      </Anchor>
      {!isUuid(listId) && <ListNotFound />}
      {isUuid(listId) && employee.isPending && (
        <Stack gap="md" aria-busy="true">
          <Skeleton h={32} w={280} />
          <Skeleton h={180} radius="lg" />
        </Stack>
      )}
      {employee.isError && <LoadError error={employee.error} onRetry={() => void employee.refetch()} />}
      {employee.data &&
        (employee.data.anonymous ? (
          <AnonymousView email={email} />
        ) : (
          <EmployeeView detail={employee.data} listId={listId} />
        ))}
    </Stack>
  );
}

/** Correct ÷ answered over every subject's first answers, the quiz score programs show; — before any answer. */
function formatQuizScore(subjects: EmployeeDetail['subjects']): string {
  const correct = subjects.reduce((sum, s) => sum + s.correct, 0);
  const answered = correct + subjects.reduce((sum, s) => sum + s.incorrect, 0);
  const score = quizScorePercent(correct, answered);
  return score === null ? NONE : `${score}%`;
}
