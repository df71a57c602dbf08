import { TRAINING_LIMITS, type TrainingRow } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { type CampaignTableProps, ProgramList, useCampaignCells } from '../../campaigns/index.ts';
import { TrainingStatusBadge } from '../components/training-status-badge.tsx';
import { trainingOpenPath } from '../training-paths.ts';

/** Subject titles under the name are cut so a row stays two lines high. */
const SUBJECTS_IN_ROW = 60;

/** Spec 2 §2 Training list (SCORM programs are in the SCORM table under it). */
export function TrainingsTable({
  rows,
  isAdmin,
  stale,
  actionsFor,
  pendingId,
  onOpen,
}: CampaignTableProps<TrainingRow>) {
  const { t } = useTranslation();
  const {
    label: column,
    column: figure,
    date,
    percent,
    name,
    menu,
  } = useCampaignCells(
    { isAdmin, actionsFor, pendingId },
    {
      section: 'trainings',
      openPath: trainingOpenPath,
      nameLength: TRAINING_LIMITS.nameInTable,
      details: (training) => training.subjectsNames.join(', '),
      detailsLength: SUBJECTS_IN_ROW,
    },
  );
  const badge = (training: TrainingRow) => <TrainingStatusBadge training={training} />;
  const employees = figure('employees', (r) => r.selectedUserCount, 'number');
  const start = figure('start', (r) => date(r.firstBatch), 'date');
  const end = figure('end', (r) => date(r.lastBatch), 'date');
  const attendance = figure('attendance', (r) => percent(r.attendance), 'number');
  const completion = figure('completion', (r) => percent(r.completionRate), 'number');
  const quizScore = figure('quizScore', (r) => percent(r.quizScore), 'number');
  return (
    <ProgramList
      rows={rows}
      stale={stale}
      name={name}
      menu={menu}
      onOpen={onOpen}
      badge={badge}
      table={{
        nameLabel: column('training'),
        statusLabel: column('status'),
        columns: [employees, start, end, attendance, completion, quizScore],
        menuLabel: column('actions'),
        minWidth: 1020,
        label: t('nav.trainings'),
      }}
      cards={{ facts: [employees, attendance, completion, quizScore, start, end], testId: 'trainings-cards' }}
    />
  );
}
