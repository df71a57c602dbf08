import { Button, Group, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconSwitchHorizontal } from '@tabler/icons-react';
import { TRAINING_LIMITS, truncate } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLatestTrainings } from '../api/get-trainings.ts';
import { TrainingStatusBadge } from '../components/training-status-badge.tsx';
import { trainingOpenPath } from '../training-paths.ts';

interface LatestTrainingsMenuProps {
  companyId: string;
  currentId: string;
  isAdmin: boolean;
}

/** The latest ten other programs, to jump to one (spec 2 §2 Training detail). */
export function LatestTrainingsMenu({ companyId, currentId, isAdmin }: LatestTrainingsMenuProps) {
  const { t } = useTranslation();
  const latest = useLatestTrainings(companyId);
  const others = (latest.data ?? [])
    .filter((training) => training.id !== currentId)
    .slice(0, TRAINING_LIMITS.latest);
  return (
    <Menu position="bottom-end" shadow="md" width={320} withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconSwitchHorizontal size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={latest.isPending}
          disabled={latest.isSuccess && others.length === 0}
        >
          {t('trainings.detail.otherTrainings')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('trainings.detail.latestTrainings')}</Menu.Label>
        {others.map((training) => (
          <Menu.Item key={training.id} component={Link} to={trainingOpenPath(training, isAdmin)}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" title={training.name}>
                {truncate(training.name, TRAINING_LIMITS.nameInTable)}
              </Text>
              <TrainingStatusBadge training={training} size="sm" />
            </Group>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
