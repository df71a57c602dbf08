import { Button, Card, Group, Stack, TagsInput, Text } from '@mantine/core';
import { PPV_LIMITS, PpvDomain, type PpvStatus } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../../lib/translate-message.ts';
import { useCompany, useIsAdmin } from '../../../lib/session/index.ts';
import { useSavePpvSettings } from '../api/ppv.ts';

/** The allowed domains: only their pages may frame the player (frame-ancestors and the grant's origin). */
export function DomainsCard({ status }: { status: PpvStatus }) {
  const { t } = useTranslation();
  const company = useCompany();
  const isAdmin = useIsAdmin();
  const save = useSavePpvSettings(company.company_id);
  const [domains, setDomains] = useState(status.allowedDomains);
  const [error, setError] = useState<string | null>(null);
  const changed = domains.join(' ') !== status.allowedDomains.join(' ');

  const change = (values: string[]) => {
    const bad = values.find((value) => !PpvDomain.safeParse(value).success);
    setError(bad ? t('ppv.domains.invalid', { domain: bad }) : null);
    setDomains(values.map((value) => value.trim().toLowerCase()));
  };

  return (
    <Card withBorder>
      <Stack gap="sm">
        <TagsInput
          label={t('ppv.domains.title')}
          description={t('ppv.domains.hint')}
          placeholder={domains.length ? undefined : 'intranet.example.com'}
          value={domains}
          onChange={change}
          maxTags={PPV_LIMITS.maxDomains}
          splitChars={[',', ' ']}
          clearable
          disabled={!isAdmin}
          error={error}
          data-testid="ppv-domains"
        />
        {domains.length === 0 && (
          <Text size="sm" c="orange.9">
            {t('ppv.domains.none')}
          </Text>
        )}
        {isAdmin && (
          <Group>
            <Button
              onClick={() => save.mutate({ allowedDomains: domains })}
              disabled={!changed || error !== null}
              loading={save.isPending}
              data-testid="ppv-domains-save"
            >
              {t('ppv.domains.save')}
            </Button>
            {save.isSuccess && !changed && (
              <Text size="sm" role="status">
                {t('ppv.domains.saved')}
              </Text>
            )}
          </Group>
        )}
        {save.isError && (
          <Text c="red" size="sm" role="alert">
            {translateError(t, save.error)}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
