import { Alert, Anchor, Badge, Card, DataList, Grid, Group, Skeleton, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconEyeOff } from '@tabler/icons-react';
import {
  EMPLOYEE_MESSAGES,
  EMPLOYEE_PAGE,
  isUuid,
  MESSAGES,
  quizScorePercent,
  type EmployeeDetail,
  type EmployeeSubjectStatus,
  visibleMenuTabs,
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
import { QueryTable } from '../../../components/query-table.tsx';
import { EMPLOYEE_PATHS, listSearchFrom } from '../employee-paths.ts';
import { pageCount } from '../page-window.ts';
import { useCompany, useCurrentCompany, useScoreBands } from '../../../lib/session/index.ts';
import { EmployeePhishing } from '../components/employee-phishing.tsx';
import { bandThemeColor, bandTitle } from '../../../lib/score-bands.ts';

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
      <QueryTable
        rows={rows}
        rowKey={(subject, index) => `${subject.title}-${index}`}
        empty={translateMessage(t, MESSAGES.noData)}
        minWidth={760}
        spacing={{ horizontal: 'lg' }}
        columns={[
          {
            key: 'subject',
            header: t('employees.employee.subject'),
            td: { fw: 500 },
            cell: (subject) => subject.title,
          },
          {
            key: 'trainings',
            header: t('employees.employee.trainings'),
            cell: (subject) =>
              subject.training_ids.map((id) => detail.trainings[id] ?? id).join(', ') || NONE,
          },
          {
            key: 'delivered',
            header: t('employees.employee.delivered'),
            cell: (subject) => date(subject.delivered),
          },
          { key: 'viewed', header: t('employees.employee.viewed'), cell: (subject) => date(subject.viewed) },
          {
            key: 'correct',
            header: t('employees.employee.correct'),
            align: 'right',
            cell: (subject) => subject.correct,
          },
          {
            key: 'incorrect',
            header: t('employees.employee.incorrect'),
            align: 'right',
            cell: (subject) => subject.incorrect,
          },
          {
            key: 'status',
            header: t('employees.employee.status'),
            cell: (subject) => (
              <Badge variant="light" tt="none" color={SUBJECT_STATUS_COLORS[subject.status]}>
                {t(`employees.employee.subjectStatus.${subject.status}`)}
              </Badge>
            ),
          },
        ]}
      />
      {detail.subjects.length > size && (
        <Group justify="flex-end" p="md">
          <TablePager page={page} totalPages={pageCount(detail.subjects.length, size)} onChange={setPage} />
        </Group>
      )}
    </Card>
  );
}

/** A finished employee's resilience score in its band's colour (the company's score ranges). */
function ScoreBadge({ score }: { score: number | null }) {
  const { t } = useTranslation();
  const bands = useScoreBands();
  if (score === null) return NONE;
  const band = bands.band(score);
  return (
    <Badge variant="light" tt="none" color={bandThemeColor(band.color)}>
      {score} · {bandTitle(t, band)}
    </Badge>
  );
}

/** Each assessment that reached the employee, with their resilience score once they finished. */
function AssessmentsTable({ assessments }: { assessments: EmployeeDetail['assessments'] }) {
  const { t, i18n } = useTranslation();
  return (
    <Card p={0} mt="lg">
      <Title order={2} fz="lg" p="lg" pb="sm">
        {t('employees.employee.assessments')}
      </Title>
      <QueryTable
        rows={assessments}
        rowKey={(assessment) => assessment.id}
        empty={translateMessage(t, MESSAGES.noData)}
        minWidth={640}
        spacing={{ horizontal: 'lg' }}
        columns={[
          {
            key: 'name',
            header: t('employees.employee.assessment'),
            td: { fw: 500 },
            cell: (a) => a.name,
          },
          {
            key: 'invited',
            header: t('employees.employee.invited'),
            cell: (a) => formatLongDate(a.invited, i18n.language),
          },
          {
            key: 'finished',
            header: t('employees.employee.finished'),
            cell: (a) => (a.finished ? formatLongDate(a.finished, i18n.language) : NONE),
          },
          {
            key: 'status',
            header: t('employees.employee.status'),
            cell: (a) => t(`employees.employee.assessmentStatus.${a.status}`),
          },
          {
            key: 'score',
            header: t('figures.resilienceScore'),
            align: 'right',
            cell: (a) => <ScoreBadge score={a.score} />,
          },
        ]}
      />
    </Card>
  );
}

function EmployeeView({ detail, listId }: { detail: EmployeeDetail; listId: string }) {
  const { t, i18n } = useTranslation();
  const { company_id: companyId } = useCompany();
  const { company } = useCurrentCompany();
  // Like the menu: a company that hid the phishing tab does not see its simulations here either.
  const showPhishing = !company || visibleMenuTabs(company).includes('phishing');
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
      {showPhishing && <EmployeePhishing companyId={companyId} employeeId={detail.id} />}
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
