import { Button, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import { AuthHeading } from '../components/auth-heading.tsx';

const STEPS = ['auth.ppvTrial.step1', 'auth.ppvTrial.step2', 'auth.ppvTrial.step3'] as const;

/** /ppv-trial: what a pay-per-view trial is and how to start one. */
export function PpvTrialPage() {
  const { t } = useTranslation();
  return (
    <>
      <AuthHeading
        icon={<IconPlayerPlay size={28} />}
        title={t('auth.ppvTrial.title')}
        subtitle={t('auth.ppvTrial.intro')}
      />
      <Stack gap="lg">
        <List
          spacing="sm"
          icon={
            <ThemeIcon size={22} radius="xl" variant="light">
              <IconCheck size={14} />
            </ThemeIcon>
          }
        >
          {STEPS.map((key) => (
            <List.Item key={key}>
              <Text size="sm">{t(key)}</Text>
            </List.Item>
          ))}
        </List>
        <Text size="sm" c="dimmed">
          {t('auth.ppvTrial.note')}
        </Text>
        <Button component={Link} to={PATHS.signUp} size="md" fullWidth>
          {t('auth.ppvTrial.start')}
        </Button>
      </Stack>
    </>
  );
}
