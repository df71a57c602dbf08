import { TRAINING_LIMITS, type TrainingRow } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import {
  CampaignActionsMenu,
  formatPercent,
  type CampaignTableProps,
  ProgramCards,
  type ProgramColumn,
  ProgramName,
  ProgramTable,
  useCardLayout,
} from '../../campaigns/index.ts';
import { formatShortDate } from '../../../lib/format-date.ts';
import { TrainingStatusBadge } from '../components/training-status-badge.tsx';
import { trainingOpenPath } from '../training-paths.ts';

const NONE = '—';
/** Subject titles under the name are cut so a row stays two lines high. */
const SUBJECTS_IN_ROW = 60;

type Column = ProgramColumn<TrainingRow>;

/** Spec 2 §2 Training list: a table on wider screens, a stack of cards on a phone. */
export function TrainingsTable({
  rows,
  isAdmin,
  stale,
  actionsFor,
  pendingId,
  onOpen,
}: CampaignTableProps<TrainingRow>) {
  const { t, i18n } = useTranslation();
  const phone = useCardLayout();
  const date = (value: string | null) => (value ? formatShortDate(value, i18n.language) : NONE);
  const percent = (value: number | null) => formatPercent(value, t('trainings.notAvailable'));
  const column = (key: string) => t(`trainings.list.columns.${key}`);
  const name = (training: TrainingRow) => (
    <ProgramName
      name={training.name}
      to={trainingOpenPath(training, isAdmin)}
      maxLength={TRAINING_LIMITS.nameInTable}
      details={training.subjectsNames.join(', ')}
      detailsLength={SUBJECTS_IN_ROW}
    />
  );
  const menu = (training: TrainingRow) => (
    <CampaignActionsMenu
      campaign={training}
      items={actionsFor(training)}
      isAdmin={isAdmin}
      loading={pendingId === training.id}
    />
  );
  const badge = (training: TrainingRow) => <TrainingStatusBadge training={training} />;
  const figure = (key: string, cell: Column['cell'], kind: Column['kind']): Column => ({
    key,
    label: column(key),
    cell,
    kind,
  });
  const employees = figure('employees', (r) => r.selectedUserCount, 'number');
  const start = figure('start', (r) => date(r.firstBatch), 'date');
  const end = figure('end', (r) => date(r.lastBatch), 'date');
  const attendance = figure('attendance', (r) => percent(r.attendance), 'number');
  const completion = figure('completion', (r) => percent(r.completionRate), 'number');
  const quizScore = figure('quizScore', (r) => percent(r.quizScore), 'number');
  const rowProps = { rows, stale, name, menu, onOpen };

  if (phone)
    return (
      <ProgramCards
        {...rowProps}
        badge={badge}
        facts={[employees, attendance, completion, quizScore, start, end]}
        testId="trainings-cards"
      />
    );
  return (
    <ProgramTable
      {...rowProps}
      nameLabel={column('training')}
      columns={[
        { key: 'status', label: column('status'), cell: badge },
        employees,
        start,
        end,
        attendance,
        completion,
        quizScore,
      ]}
      menuLabel={column('actions')}
      minWidth={1020}
      label={t('nav.trainings')}
    />
  );
}
