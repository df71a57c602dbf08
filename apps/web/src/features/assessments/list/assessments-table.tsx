import { Stack, Title } from '@mantine/core';
import type { AssessmentRow } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import {
  type CampaignTableProps,
  ProgramList,
  ProgramTable,
  useCampaignCells,
} from '../../campaigns/index.ts';
import { assessmentOpenPath } from '../assessment-paths.ts';
import { AssessmentStatusBadge, ResilienceScore } from '../components/assessment-badges.tsx';

/** Names are cut like the training list's (spec 2 §9), the threat areas so a row stays two lines high. */
const NAME_IN_TABLE = 30;
const AREAS_IN_ROW = 60;

type AssessmentsTableProps = CampaignTableProps<AssessmentRow>;

/** What both assessment tables show: the name cell, the menu and the figures' columns. */
function useAssessmentColumns({ isAdmin, actionsFor, pendingId }: AssessmentsTableProps) {
  const { label, column, date, percent, name, menu } = useCampaignCells(
    { isAdmin, actionsFor, pendingId },
    {
      section: 'assessments',
      openPath: assessmentOpenPath,
      nameLength: NAME_IN_TABLE,
      details: (a) => a.areas.join(', '),
      detailsLength: AREAS_IN_ROW,
    },
  );
  return {
    label,
    name,
    menu,
    badge: (a: AssessmentRow) => <AssessmentStatusBadge assessment={a} />,
    employees: column('employees', (a) => a.selectedUserCount, 'number'),
    completion: column('completion', (a) => percent(a.completion), 'number'),
    delivery: column('delivery', (a) => date(a.deliveryDate), 'date'),
    due: column('due', (a) => date(a.due), 'date'),
    created: column('created', (a) => date(a.created), 'date'),
    score: (key: 'score' | 'scormScore') =>
      column(key, (a) => <ResilienceScore score={a.resilienceScore} />, 'number'),
  };
}

/** Spec 2 §2 Assessment list. */
export function AssessmentsTable(props: AssessmentsTableProps) {
  const { t } = useTranslation();
  const { label, name, menu, badge, employees, completion, delivery, due, score } =
    useAssessmentColumns(props);
  return (
    <ProgramList
      rows={props.rows}
      stale={props.stale}
      name={name}
      menu={menu}
      onOpen={props.onOpen}
      badge={badge}
      table={{
        nameLabel: label('assessment'),
        statusLabel: label('status'),
        columns: [employees, delivery, due, completion, score('score')],
        menuLabel: label('actions'),
        minWidth: 960,
        label: t('nav.assessments'),
        testId: 'assessments-table',
      }}
      cards={{ facts: [employees, completion, score('score'), delivery, due], testId: 'assessments-cards' }}
    />
  );
}

/** SCORM assessments in a table of their own: Assessment, Created, Completion, Score (spec 2 §2). */
export function ScormAssessmentsTable(props: AssessmentsTableProps) {
  const { t } = useTranslation();
  const { label, name, menu, completion, created, score } = useAssessmentColumns(props);
  return (
    <Stack gap="xs" mt="xl" data-testid="scorm-assessments">
      <Title order={2} fz="lg">
        {t('assessments.list.scormTitle')}
      </Title>
      <ProgramTable
        rows={props.rows}
        stale={props.stale}
        name={name}
        menu={menu}
        onOpen={props.onOpen}
        nameLabel={label('assessment')}
        columns={[created, completion, score('scormScore')]}
        menuLabel={label('actions')}
        minWidth={560}
      />
    </Stack>
  );
}

/** A page of assessments: the regular ones, then the SCORM ones in a table of their own (spec 2 §2). */
export function AssessmentListTables({ rows, ...props }: AssessmentsTableProps) {
  const regular = rows?.filter((a) => !a.isScorm);
  const scorm = rows?.filter((a) => a.isScorm) ?? [];
  return (
    <>
      {(regular === undefined || regular.length > 0) && <AssessmentsTable rows={regular} {...props} />}
      {scorm.length > 0 && <ScormAssessmentsTable rows={scorm} {...props} />}
    </>
  );
}
