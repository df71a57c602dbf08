import type { AssessmentRow } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { type CampaignTableProps, ProgramList, useCampaignCells } from '../../campaigns/index.ts';
import { assessmentOpenPath } from '../assessment-paths.ts';
import { AssessmentStatusBadge, ResilienceScore } from '../components/assessment-badges.tsx';

/** Names are cut like the training list's (spec 2 §9), the threat areas so a row stays two lines high. */
const NAME_IN_TABLE = 30;
const AREAS_IN_ROW = 60;

type AssessmentsTableProps = CampaignTableProps<AssessmentRow>;

/** What the assessment table and cards show: the name cell, the menu and the figures' columns. */
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
    score: column('score', (a) => <ResilienceScore score={a.resilienceScore} />, 'number'),
  };
}

/** Spec 2 §2 Assessment list (SCORM assessments are in the SCORM table under it). */
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
        columns: [employees, delivery, due, completion, score],
        menuLabel: label('actions'),
        minWidth: 960,
        label: t('nav.assessments'),
        testId: 'assessments-table',
      }}
      cards={{ facts: [employees, completion, score, delivery, due], testId: 'assessments-cards' }}
    />
  );
}
