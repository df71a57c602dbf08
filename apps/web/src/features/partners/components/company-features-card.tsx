import { Alert, Badge, Card, Group, SimpleGrid, Skeleton, Switch, Text, Title, Tooltip } from '@mantine/core';
import { PARTNER_FEATURES, PLAN_INTEGRATIONS, type PartnerFeaturesUpdate } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { translateError } from '../../../lib/translate-message.ts';
import { usePartnerFeatures, useSavePartnerFeatures } from '../api/partners.ts';

/**
 * The plan features and integrations the partner gives a customer, within what its own partner plan
 * allows: what the plan leaves out is shown off and locked, integrations with 'Upgrade needed'.
 */
export function CompanyFeaturesCard({ partnerId, companyId }: { partnerId: string; companyId: string }) {
  const { t } = useTranslation();
  const features = usePartnerFeatures(partnerId, companyId);
  const save = useSavePartnerFeatures(partnerId, companyId);
  if (features.isError) return <LoadError error={features.error} onRetry={() => void features.refetch()} />;
  const data = features.data;
  const change = (body: PartnerFeaturesUpdate) =>
    save.mutate(body, {
      onSuccess: () => showMessage({ type: 'success', message: t('partners.features.saved') }),
    });

  return (
    <Card withBorder>
      <Title order={2} fz="lg" mb={4}>
        {t('partners.features.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('partners.features.description')}
      </Text>
      {save.isError && (
        <Alert color="red" variant="light" mb="md" role="alert">
          {translateError(t, save.error)}
        </Alert>
      )}
      {!data ? (
        <Skeleton h={160} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mb="lg">
            {PARTNER_FEATURES.map((feature) => {
              const allowed = data.allowed.features[feature];
              return (
                <Switch
                  key={feature}
                  label={t(`partners.features.names.${feature}`)}
                  description={allowed ? undefined : t('partners.features.notInPlan')}
                  checked={data.features[feature]}
                  disabled={!allowed || save.isPending}
                  onChange={(event) => change({ features: { [feature]: event.currentTarget.checked } })}
                  data-testid={`partner-feature-${feature}`}
                />
              );
            })}
          </SimpleGrid>
          <Text fw={600} size="sm" mb="xs">
            {t('partners.features.integrations')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {PLAN_INTEGRATIONS.map((integration) => {
              const allowed = data.allowed.integrations[integration];
              return (
                <Group key={integration} gap="xs" wrap="nowrap">
                  <Switch
                    label={t(`partners.features.integrationNames.${integration}`)}
                    checked={data.integrations[integration]}
                    disabled={!allowed || save.isPending}
                    onChange={(event) =>
                      change({ integrations: { [integration]: event.currentTarget.checked } })
                    }
                    data-testid={`partner-integration-${integration}`}
                  />
                  {data.needsUpgrade[integration] && (
                    <Tooltip label={t('partners.features.needsUpgradeHint')} withArrow>
                      <Badge size="sm" variant="light" color="orange" tabIndex={0}>
                        {t('partners.features.needsUpgrade')}
                      </Badge>
                    </Tooltip>
                  )}
                </Group>
              );
            })}
          </SimpleGrid>
        </>
      )}
    </Card>
  );
}
