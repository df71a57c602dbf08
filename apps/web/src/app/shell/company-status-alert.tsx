import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle, IconBuildingOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentCompany, useMyCompanies } from '../../lib/session/index.ts';
import { translateError } from '../../lib/translate-message.ts';

/** Says so when the manager's companies could not load, or when there are none. */
export function CompanyStatusAlert() {
  const { t } = useTranslation();
  const companies = useMyCompanies();
  const { company } = useCurrentCompany();

  if (companies.isError) {
    return (
      <Alert color="red" variant="light" mb="xl" icon={<IconAlertTriangle />} title={t('company.loadFailed')}>
        {translateError(t, companies.error)}
        <Button size="compact-sm" variant="light" color="red" ml="md" onClick={() => void companies.refetch()}>
          {t('actions.retry')}
        </Button>
      </Alert>
    );
  }
  if (companies.isSuccess && !company) {
    return (
      <Alert color="yellow" variant="light" mb="xl" icon={<IconBuildingOff />} title={t('company.noneTitle')}>
        {t('company.noneText')}
      </Alert>
    );
  }
  return null;
}
