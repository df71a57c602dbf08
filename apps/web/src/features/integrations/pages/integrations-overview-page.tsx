import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconLock } from '@tabler/icons-react';
import type { IntegrationCard } from '@vigil/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useCompany } from '../../../lib/session/index.ts';
import { useIntegrationsOverview } from '../api/integrations.ts';
import { IntegrationLogo } from '../components/integration-logo.tsx';

export const integrationPath = (id: string) => `${PATHS.settingsIntegrations}${id}/`;

function OverviewCard({
  logo,
  name,
  description,
  badges,
  footer,
  testId,
}: {
  logo: string;
  name: string;
  description: string;
  badges: ReactNode;
  footer: ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder padding="lg" data-testid={testId}>
      <Stack gap="sm" h="100%">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <IntegrationLogo logo={logo} />
          <Stack gap={6}>
            <Title order={2} fz="md">
              {name}
            </Title>
            <Group gap={6}>{badges}</Group>
          </Stack>
        </Group>
        <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
          {description}
        </Text>
        {footer}
      </Stack>
    </Card>
  );
}

function IntegrationOverviewCard({ card }: { card: IntegrationCard }) {
  const { t, i18n } = useTranslation();
  const name = t(`integrations.cards.${card.id}.name`);
  const openLabel = card.connected ? t('integrations.manage') : t('integrations.setUp');
  return (
    <OverviewCard
      logo={card.logo}
      name={name}
      description={t(`integrations.cards.${card.id}.description`)}
      testId={`integration-card-${card.id}`}
      badges={
        <>
          {card.beta && (
            <Badge variant="light" color="grape" size="sm">
              {t('integrations.beta')}
            </Badge>
          )}
          {card.needsUpgrade ? (
            <Badge variant="light" color="orange" size="sm" leftSection={<IconLock size={10} />}>
              {t('integrations.needsUpgrade')}
            </Badge>
          ) : (
            <Badge variant="light" color={card.connected ? 'green' : 'gray'} size="sm">
              {card.connected ? t('integrations.connected') : t('integrations.notConnected')}
            </Badge>
          )}
          {card.enabled && !card.needsUpgrade && (
            <Badge variant="light" color="blue" size="sm">
              {t('integrations.enabled')}
            </Badge>
          )}
        </>
      }
      footer={
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {card.lastSync
              ? t('integrations.lastSync', { date: formatDateTime(card.lastSync, i18n.language) })
              : ''}
          </Text>
          {card.needsUpgrade ? (
            <Button
              component={Link}
              to={PATHS.upgrade}
              size="xs"
              variant="light"
              color="orange"
              aria-label={t('integrations.actionFor', { action: t('integrations.upgrade'), name })}
            >
              {t('integrations.upgrade')}
            </Button>
          ) : (
            <Button
              component={Link}
              to={integrationPath(card.id)}
              size="xs"
              variant="light"
              rightSection={<IconArrowRight size={14} />}
              aria-label={t('integrations.actionFor', { action: openLabel, name })}
            >
              {openLabel}
            </Button>
          )}
        </Group>
      }
    />
  );
}

/** /settings/integrations: a card per integration (spec 3 §3), and SCIM provisioning (beyond the spec). */
export function IntegrationsOverviewPage() {
  const { t } = useTranslation();
  const { company_id: companyId } = useCompany();
  const overview = useIntegrationsOverview(companyId);
  const scimName = t('integrations.cards.scim.name');

  return (
    <>
      <PageHeader title={t('settings.nav.integrations')} description={t('integrations.description')} />
      {overview.isError ? (
        <LoadError error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="integrations-overview">
          {overview.isPending
            ? Array.from({ length: 6 }, (_, i) => <Skeleton key={i} h={190} radius="md" />)
            : overview.data.rows.map((card) => <IntegrationOverviewCard key={card.id} card={card} />)}
          {!overview.isPending && (
            <OverviewCard
              logo="scim"
              name={scimName}
              description={t('integrations.cards.scim.description')}
              testId="integration-card-scim"
              badges={null}
              footer={
                <Group justify="flex-end">
                  <Button
                    component={Link}
                    to={integrationPath('scim')}
                    size="xs"
                    variant="light"
                    rightSection={<IconArrowRight size={14} />}
                    aria-label={t('integrations.actionFor', {
                      action: t('integrations.manage'),
                      name: scimName,
                    })}
                  >
                    {t('integrations.manage')}
                  </Button>
                </Group>
              }
            />
          )}
        </SimpleGrid>
      )}
    </>
  );
}
