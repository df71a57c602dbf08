import { Anchor, Group, Text } from '@mantine/core';
import type { TrainingEmployeeRow } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatShortDate } from '../../../lib/format-date.ts';
import { TRAINING_PATHS } from '../training-paths.ts';
import { formatPercent } from '../../campaigns/index.ts';

const NONE = '—';

export type EmployeeColumn = 'name' | 'completed' | 'list' | 'email' | 'completion' | 'quizScore';

interface TrainingEmployeeCellProps {
  employee: TrainingEmployeeRow;
  column: EmployeeColumn;
  trainingId: string;
  /** The name links to the employee's page (not under anonymous tracking). */
  linked: boolean;
}

/** A percent with the counts it comes from: lessons finished of delivered, or answers right of given. */
function Figure({ percent, part, whole }: { percent: number | null; part: number; whole: number }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" fw={500}>
        {formatPercent(percent, t('trainings.notAvailable'))}
      </Text>
      <Text size="xs" c="dimmed">
        {part}/{whole}
      </Text>
    </Group>
  );
}

/** One cell of the employees table: the name (a link), completed date, list, email, completion or quiz score. */
export function TrainingEmployeeCell({ employee, column, trainingId, linked }: TrainingEmployeeCellProps) {
  const { t, i18n } = useTranslation();
  switch (column) {
    case 'name':
      if (!linked) return <Text size="sm">{employee.name || t('trainings.employees.anonymous')}</Text>;
      return (
        <Anchor
          component={Link}
          to={TRAINING_PATHS.employee(trainingId, employee.email)}
          size="sm"
          fw={500}
          onClick={(click) => click.stopPropagation()}
        >
          {employee.name || employee.email}
        </Anchor>
      );
    case 'completed':
      return employee.completedDate ? formatShortDate(employee.completedDate, i18n.language) : NONE;
    case 'list':
      return employee.listName || NONE;
    case 'email':
      return employee.email || NONE;
    case 'completion':
      return <Figure percent={employee.scorePercent} part={employee.score} whole={employee.total} />;
    case 'quizScore':
      return <Figure percent={employee.quizScore} part={employee.correct} whole={employee.answered} />;
  }
}
