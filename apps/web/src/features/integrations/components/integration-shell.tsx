import { Anchor, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconLinkOff } from '@tabler/icons-react';
import type { DirectoryProduct, IntegrationProduct } from '@vigil/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showMessage } from '../../../components/app-messages.ts';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PlanLocked } from '../../../components/plan-locked.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { translateError } from '../../../lib/translate-message.ts';
import { useUnlink } from '../api/integrations.ts';
import { IntegrationLogo } from './integration-logo.tsx';

/** Spec 3 §2.5: every integration page leads back to the overview. */
export function BackToOverview() {
  const { t } = useTranslation();
  return (
    <Anchor
      component={Link}
      to={PATHS.settingsIntegrations}
      size="sm"
      mb="xs"
      display="inline-flex"
      style={{ alignItems: 'center', gap: 4 }}
    >
      <IconArrowLeft size={14} aria-hidden />
      {t('settings.integrations.back')}
    </Anchor>
  );
}

interface IntegrationShellProps {
  product: IntegrationProduct;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  needsUpgrade: boolean | undefined;
  children: ReactNode;
}

/** An integration's page: the way back, its title, and its loading, error and needs-upgrade states. */
export function IntegrationShell({ product, query, needsUpgrade, children }: IntegrationShellProps) {
  const { t } = useTranslation();
  const title = t(`integrations.cards.${product}.name`);
  if (needsUpgrade)
    return (
      <>
        <BackToOverview />
        <PlanLocked
          pageTitle={title}
          title={t('integrations.needsUpgrade')}
          description={t('integrations.upgradeText', { name: title })}
          testId="integration-needs-upgrade"
          actions={
            <Button component={Link} to={PATHS.upgrade}>
              {t('integrations.upgrade')}
            </Button>
          }
        />
      </>
    );
  return (
    <>
      <BackToOverview />
      <PageHeader
        title={title}
        description={
          <Group gap="sm" component="span" wrap="nowrap" align="center">
            <IntegrationLogo logo={product} size={28} />
            <span>{t(`integrations.cards.${product}.description`)}</span>
          </Group>
        }
      />
      {query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Stack gap="md" aria-busy="true">
          <Skeleton h={120} radius="md" />
          <Skeleton h={260} radius="md" />
        </Stack>
      ) : (
        <Stack gap="lg">{children}</Stack>
      )}
    </>
  );
}

/** What is connected, with Test connection and Unlink (spec 3 §4: unlink resets the form). */
export function ConnectionCard({
  companyId,
  product,
  facts,
  onTest,
  testing,
}: {
  companyId: string;
  product: DirectoryProduct;
  facts: { label: string; value: string }[];
  onTest: () => void;
  testing: boolean;
}) {
  const { t } = useTranslation();
  const unlink = useUnlink(companyId, product);
  const title = t(`integrations.cards.${product}.name`);
  const confirmUnlink = () =>
    openConfirmDialog({
      title: t('integrations.unlinkTitle', { name: title }),
      message: t('integrations.unlinkText'),
      confirmLabel: t('integrations.unlink'),
      cancelLabel: t('actions.cancel'),
      danger: true,
      // Not mutate's own callbacks: the card unmounts once the refreshed state says unlinked, and
      // TanStack Query skips a mutate call's callbacks after its component has gone.
      onConfirm: () =>
        void unlink.mutateAsync().then(
          () => showMessage({ type: 'success', message: t('integrationMessages.unlinked') }),
          (error: unknown) =>
            showMessage({
              type: 'error',
              message: t('integrationMessages.unlinkFailed', { message: translateError(t, error) }),
            }),
        ),
    });
  return (
    <Card withBorder padding="lg" data-testid="connection-card">
      <Group justify="space-between" gap="md" align="flex-start">
        <Stack gap={4}>
          <Text fw={600}>{t('integrations.connectedTo', { name: title })}</Text>
          {facts.map((fact) => (
            <Text key={fact.label} size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {fact.label}: {fact.value}
            </Text>
          ))}
        </Stack>
        <Group gap="sm">
          <Button variant="default" onClick={onTest} loading={testing} data-testid="test-connection">
            {t('integrations.test')}
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<IconLinkOff size={18} />}
            onClick={confirmUnlink}
            loading={unlink.isPending}
          >
            {t('integrations.unlink')}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
