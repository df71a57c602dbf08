import { Alert, Badge, Card, Group, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import {
  completionPercent,
  quizScorePercent,
  REPORT_LIMITS,
  type TrainingReport,
  type TrainingReportUser,
} from '@vigil/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatShortDate } from '../../../lib/format-date.ts';
import { bandThemeColor } from '../../../lib/score-bands.ts';
import { useScoreBands, type ScoreBands } from '../../../lib/session/index.ts';
import { pageCount, TablePager } from '../../employees/index.ts';
import { formatPercent } from '../../campaigns/index.ts';
import classes from './report-page.module.css';
import {
  CopyLinkButton,
  DeleteUsersButton,
  PageCheckbox,
  RowCheckbox,
  useReportEmployeeActions,
} from './report-employee-actions.tsx';

const NONE = '—';
const YES = '✓';
const NO = '–';

interface ReportEmployeesProps {
  companyId: string;
  trainingId: string;
  report: TrainingReport;
  /** The variant with each employee's viewed and answered lessons. */
  details: boolean;
  page: number;
  onPage: (page: number) => void;
}

/** A mark of the viewed/answered matrix. */
function Mark({ done, label }: { done: boolean; label: string }) {
  return (
    <Text span size="sm" c={done ? 'teal' : 'dimmed'} fw={done ? 700 : undefined} aria-label={label}>
      {done ? YES : NO}
    </Text>
  );
}

/** The completion in its band's colour: the company's score ranges, else spec 2 §9's training bands. */
function CompletionBadge({ user, bands }: { user: TrainingReportUser; bands: ScoreBands }) {
  const { t } = useTranslation();
  const percent = user.opened ? completionPercent(user.score, user.total) : null;
  return (
    <Badge variant="light" color={bandThemeColor(bands.trainingBand(percent).color)} tt="none">
      {formatPercent(percent, t('trainings.notAvailable'))}
    </Badge>
  );
}

/** Spec 3 §2.3: the employees report, 50 a page; with details, the per-lesson viewed/answered matrix. */
export function ReportEmployees({
  companyId,
  trainingId,
  report,
  details,
  page,
  onPage,
}: ReportEmployeesProps) {
  const { t, i18n } = useTranslation();
  const bands = useScoreBands(companyId);
  const actions = useReportEmployeeActions(companyId, trainingId);
  const lastPage = pageCount(report.usersTotal, REPORT_LIMITS.pageRows);
  // Deleting the last employees of the last page leaves the page empty: show the new last page.
  useEffect(() => {
    if (page > lastPage) onPage(lastPage);
  }, [page, lastPage, onPage]);
  if (report.users === null)
    return (
      <Alert color="gray" variant="light" icon={<IconEyeOff />} title={t('trainings.detail.anonymousTitle')}>
        {t('trainings.detail.anonymousText')}
      </Alert>
    );
  const lessons = details ? report.lessons : [];
  const first = report.usersTotal === 0 ? 0 : (page - 1) * REPORT_LIMITS.pageRows + 1;
  const last = Math.min(page * REPORT_LIMITS.pageRows, report.usersTotal);
  const { canDeleteUsers, canCopyLink } = report;
  const baseColumns = (details ? 4 : 7) + Number(canDeleteUsers) + Number(canCopyLink);
  const pageEmails = report.users.map((user) => user.email);
  const toPage = (next: number) => {
    actions.clear();
    onPage(next);
  };

  return (
    <Card className={classes.section} withBorder p={0}>
      <Group justify="space-between" p="md" pb={0} gap="xs">
        <Title order={2} fz="md">
          {details ? t('trainingReport.matrixTitle') : t('trainingReport.employees')}
        </Title>
        <Group gap="sm">
          {report.usersTotal > 0 && (
            <Text size="sm" c="dimmed">
              {t('trainingReport.range', { from: first, to: last, total: report.usersTotal })}
            </Text>
          )}
          {canDeleteUsers && report.usersTotal > 0 && (
            <div className={classes.noPrint}>
              <DeleteUsersButton actions={actions} />
            </div>
          )}
        </Group>
      </Group>
      <Table.ScrollContainer
        className={classes.scroll}
        minWidth={
          (details ? 480 + lessons.length * 130 : 860) + (canDeleteUsers ? 40 : 0) + (canCopyLink ? 48 : 0)
        }
        type="native"
      >
        <Table verticalSpacing="xs" horizontalSpacing="sm" striped data-testid="report-employees">
          <Table.Thead>
            <Table.Tr>
              {canDeleteUsers && (
                <Table.Th rowSpan={details ? 2 : 1} w={40} className={classes.noPrint}>
                  <PageCheckbox actions={actions} emails={pageEmails} />
                </Table.Th>
              )}
              <Table.Th rowSpan={details ? 2 : 1}>{t('trainings.employees.columns.name')}</Table.Th>
              <Table.Th rowSpan={details ? 2 : 1}>{t('trainings.employees.columns.email')}</Table.Th>
              {!details && (
                <>
                  <Table.Th>{t('trainings.employees.columns.list')}</Table.Th>
                  <Table.Th ta="center">{t('trainingReport.opened')}</Table.Th>
                  <Table.Th>{t('trainings.employees.columns.completed')}</Table.Th>
                </>
              )}
              {lessons.map((lesson) => (
                <Table.Th key={lesson.id} colSpan={2} className={classes.lessonHead}>
                  {lesson.name}
                </Table.Th>
              ))}
              <Table.Th rowSpan={details ? 2 : 1} ta="right">
                {t('figures.completion')}
              </Table.Th>
              <Table.Th rowSpan={details ? 2 : 1} ta="right">
                {t('figures.quizScore')}
              </Table.Th>
              {canCopyLink && (
                <Table.Th rowSpan={details ? 2 : 1} w={1} className={classes.noPrint}>
                  <VisuallyHidden>{t('trainingReport.actions')}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
            {details && (
              <Table.Tr>
                {lessons.map((lesson) => (
                  <LessonSubHeads key={lesson.id} />
                ))}
              </Table.Tr>
            )}
          </Table.Thead>
          <Table.Tbody>
            {report.users.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={baseColumns + lessons.length * 2}>
                  <Text c="dimmed" ta="center" py="md" size="sm">
                    {t('trainings.employees.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {report.users.map((user) => {
              const viewed = new Set(user.viewed_subject_ids ?? []);
              const answered = new Set(user.answered_subject_ids ?? []);
              return (
                <Table.Tr
                  key={user.email}
                  bg={actions.selected.has(user.email) ? 'var(--mantine-primary-color-light)' : undefined}
                >
                  {canDeleteUsers && (
                    <Table.Td className={classes.noPrint}>
                      <RowCheckbox actions={actions} email={user.email} name={user.name} />
                    </Table.Td>
                  )}
                  <Table.Td fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {user.name || NONE}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{user.email}</Table.Td>
                  {!details && (
                    <>
                      <Table.Td>{user.lists_names.map((list) => list.name).join(', ') || NONE}</Table.Td>
                      <Table.Td ta="center">
                        <Mark
                          done={user.opened}
                          label={t(user.opened ? 'trainingReport.yes' : 'trainingReport.no')}
                        />
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {user.completedDate ? formatShortDate(user.completedDate, i18n.language) : NONE}
                      </Table.Td>
                    </>
                  )}
                  {lessons.map((lesson) => (
                    <LessonMarks
                      key={lesson.id}
                      name={lesson.name}
                      viewed={viewed.has(lesson.id)}
                      answered={answered.has(lesson.id)}
                    />
                  ))}
                  <Table.Td ta="right">
                    <CompletionBadge user={user} bands={bands} />
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatPercent(
                      quizScorePercent(user.correct, user.answered),
                      t('trainings.notAvailable'),
                    )}
                  </Table.Td>
                  {canCopyLink && (
                    <Table.Td className={classes.noPrint}>
                      <CopyLinkButton actions={actions} email={user.email} />
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {report.usersTotal > REPORT_LIMITS.pageRows && (
        <Group justify="flex-end" p="md" className={classes.noPrint}>
          <TablePager page={page} totalPages={lastPage} onChange={toPage} />
        </Group>
      )}
    </Card>
  );
}

function LessonSubHeads() {
  const { t } = useTranslation();
  return (
    <>
      <Table.Th className={`${classes.matrixCell} ${classes.lessonStart}`} fz="xs" fw={500}>
        {t('trainingReport.viewed')}
      </Table.Th>
      <Table.Th className={classes.matrixCell} fz="xs" fw={500}>
        {t('trainingReport.answered')}
      </Table.Th>
    </>
  );
}

function LessonMarks({ name, viewed, answered }: { name: string; viewed: boolean; answered: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Table.Td className={`${classes.matrixCell} ${classes.lessonStart}`}>
        <Mark
          done={viewed}
          label={t(viewed ? 'trainingReport.viewedLesson' : 'trainingReport.notViewedLesson', { name })}
        />
      </Table.Td>
      <Table.Td className={classes.matrixCell}>
        <Mark
          done={answered}
          label={t(answered ? 'trainingReport.answeredLesson' : 'trainingReport.notAnsweredLesson', { name })}
        />
      </Table.Td>
    </>
  );
}
