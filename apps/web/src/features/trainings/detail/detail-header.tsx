import { Button } from '@mantine/core';
import { IconMailOff, IconUsers } from '@tabler/icons-react';
import type { TrainingView } from '@vigil/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DetailHeaderFrame, IconCount, type ProgramActionItem } from '../../campaigns/index.ts';
import { Fact } from '../../../components/fact-tile.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { TrainingStatusBadge } from '../components/training-status-badge.tsx';
import { TRAINING_PATHS } from '../training-paths.ts';
import { LatestTrainingsMenu } from './latest-trainings-menu.tsx';
import { startText } from './training-timing.ts';

interface DetailHeaderProps {
  training: TrainingView;
  companyId: string;
  isAdmin: boolean;
  actions: ProgramActionItem[];
  pending: boolean;
  onShowEmployees: (variant: 'invited' | 'bounced') => void;
  /** Buttons shown before the program's actions (reminders, delivery status, downloads). */
  tools?: ReactNode;
}

/** Spec 2 §2 Training detail: the name, status, counts, start and last delivery, and the actions. */
export function DetailHeader({
  training,
  companyId,
  isAdmin,
  actions,
  pending,
  onShowEmployees,
  tools,
}: DetailHeaderProps) {
  const { t, i18n } = useTranslation();
  const start = startText(training, new Date());
  const startLabel =
    'date' in start
      ? t(`trainings.detail.start.${start.kind}`, { date: formatDateTime(start.date, i18n.language) })
      : t(`trainings.detail.start.${start.kind}`);

  return (
    <DetailHeaderFrame
      backTo={TRAINING_PATHS.list}
      backLabel={t('trainings.detail.back')}
      switcher={<LatestTrainingsMenu companyId={companyId} currentId={training.id} isAdmin={isAdmin} />}
      name={training.name}
      badges={<TrainingStatusBadge training={training} size="lg" />}
      actions={
        <>
          {tools}
          {actions.map(({ key, label, icon: ActionIcon, color, to, onClick }) =>
            to ? (
              <Button
                key={key}
                component={Link}
                to={to}
                variant="default"
                leftSection={<ActionIcon size={16} />}
              >
                {label}
              </Button>
            ) : (
              <Button
                key={key}
                onClick={onClick}
                variant={color ? 'light' : 'default'}
                color={color}
                leftSection={<ActionIcon size={16} />}
                disabled={pending}
              >
                {label}
              </Button>
            ),
          )}
        </>
      }
      figureCols={{ base: 2, md: 4 }}
      figures={
        <>
          <Fact
            label={t('trainings.detail.invited')}
            value={<IconCount icon={IconUsers} value={training.totalUsers} />}
            onClick={() => onShowEmployees('invited')}
          />
          <Fact
            label={t('trainings.detail.bounced')}
            value={<IconCount icon={IconMailOff} value={training.bouncedEmails} />}
            onClick={() => onShowEmployees('bounced')}
          />
          <Fact label={t('trainings.detail.startLabel')} value={startLabel} />
          <Fact
            label={t('trainings.detail.lastDelivery')}
            value={
              training.lastDelivery
                ? formatDateTime(training.lastDelivery, i18n.language)
                : t('trainings.detail.none')
            }
          />
        </>
      }
    />
  );
}
