import { Anchor, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';

export interface Blocked {
  title: string;
  activeTrainings: number;
  activeAssessments: number;
  removeEmployees: number;
  removeSeats: number;
}

interface BlockingDialogProps {
  blocked: Blocked | null;
  onClose: () => void;
  /**
   * Links to the current company's programs and employees; off where the company in the way is not the
   * current one (a partner's customer).
   */
  withLinks?: boolean;
}

/** 'Unable to change…' (spec 3 §8): what stands in the way, with the counts and what to do. */
export function BlockingDialog({ blocked, onClose, withLinks = true }: BlockingDialogProps) {
  const { t } = useTranslation();
  const link = (to: string, label: string) =>
    withLinks && (
      <>
        {' '}
        <Anchor component={Link} to={to}>
          {label}
        </Anchor>
      </>
    );
  return (
    <Modal
      opened={blocked !== null}
      onClose={onClose}
      title={blocked?.title}
      centered
      zIndex={400}
      data-testid="blocking-dialog"
    >
      {blocked && (
        <Stack gap="md">
          <List spacing="xs" size="sm">
            {blocked.activeTrainings > 0 && (
              <List.Item>
                {t('billing.blocked.trainings', { count: blocked.activeTrainings })}
                {link(PATHS.trainings, t('billing.blocked.openTrainings'))}
              </List.Item>
            )}
            {blocked.activeAssessments > 0 && (
              <List.Item>
                {t('billing.blocked.assessments', { count: blocked.activeAssessments })}
                {link(PATHS.assessments, t('billing.blocked.openAssessments'))}
              </List.Item>
            )}
            {blocked.removeEmployees > 0 && (
              <List.Item data-testid="blocked-employees">
                {t('billing.blocked.employees', { count: blocked.removeEmployees })}
                {link(PATHS.users, t('billing.blocked.openEmployees'))}
              </List.Item>
            )}
            {blocked.removeSeats > 0 && (
              <List.Item>{t('billing.blocked.seats', { count: blocked.removeSeats })}</List.Item>
            )}
          </List>
          <Text size="sm" c="dimmed">
            {t('billing.blocked.hint')}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose} data-testid="blocking-dialog-ok">
              {t('billing.ok')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
