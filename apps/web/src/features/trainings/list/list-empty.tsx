import { Button, Card, EmptyState, Group } from '@mantine/core';
import { IconFilterOff, IconSchool, IconSearch } from '@tabler/icons-react';
import type { Company, TrainingTab } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { CreateTrainingButtons } from '../components/create-training-buttons.tsx';

/** No training programs at all yet: what they are, and for admins the way to create the first. */
export function NoTrainings({ company, isAdmin }: { company: Company; isAdmin: boolean }) {
  const { t } = useTranslation();
  return (
    <Card py={64} data-testid="no-trainings">
      <EmptyState
        variant="light"
        size="lg"
        icon={<IconSchool />}
        title={t('trainings.empty.noneTitle')}
        description={t(isAdmin ? 'trainings.empty.noneText' : 'trainings.empty.noneViewer')}
      >
        {isAdmin && (
          <EmptyState.Actions>
            <Group justify="center" gap="sm">
              <CreateTrainingButtons company={company} />
            </Group>
          </EmptyState.Actions>
        )}
      </EmptyState>
    </Card>
  );
}

interface NoResultsProps {
  tab: TrainingTab;
  /** Whether a search or filter narrowed the list; it can then be cleared. */
  narrowed: boolean;
  onClear: () => void;
}

/** Nothing matches the search and filters, or the tab is empty. */
export function NoResults({ tab, narrowed, onClear }: NoResultsProps) {
  const { t } = useTranslation();
  return (
    <Card py={48} data-testid="no-results">
      <EmptyState
        variant="light"
        icon={narrowed ? <IconSearch /> : <IconSchool />}
        title={t(narrowed ? 'trainings.empty.noResultsTitle' : `trainings.empty.tab.${tab}`)}
        description={narrowed ? t('trainings.empty.noResultsText') : undefined}
      >
        {narrowed && (
          <EmptyState.Actions>
            <Button variant="default" leftSection={<IconFilterOff size={16} />} onClick={onClear}>
              {t('trainings.empty.clear')}
            </Button>
          </EmptyState.Actions>
        )}
      </EmptyState>
    </Card>
  );
}
