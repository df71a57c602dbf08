import { Alert, Button, Card, Group, Radio, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { assignNameProblem, PARTNER_MESSAGES } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { useAssignablePackages, useAssignPackage } from '../api/packages.ts';

type Target = 'existing' | 'new';

/**
 * /packages/{id}/assign: gives an unused package to one of the user's companies or to a new one
 * (spec 1 §5): a new name needs three characters and must not be taken; the button waits for a valid
 * choice. Done, it goes to /manager; refused, it says 'Credit assign failed.' and the server's reason.
 */
export function AssignPackagePage() {
  const { t } = useTranslation();
  const { packageId = '' } = useParams();
  const navigate = useNavigate();
  const data = useAssignablePackages();
  const assign = useAssignPackage();
  const [target, setTarget] = useState<Target>('existing');
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [typed, setTyped] = useState(false);

  const header = (
    <PageHeader title={t('partners.assign.title')} description={t('partners.assign.description')} />
  );
  if (data.isError)
    return (
      <>
        {header}
        <LoadError error={data.error} onRetry={() => void data.refetch()} />
      </>
    );
  if (!data.data)
    return (
      <>
        {header}
        <Skeleton h={220} maw={640} />
      </>
    );

  const pkg = data.data.packages.find((p) => p.id === packageId);
  const companies = data.data.companies;
  const nameProblem =
    target === 'new'
      ? assignNameProblem(
          name,
          companies.map((c) => c.company_name),
        )
      : null;
  const chosen = target === 'existing' ? companyId !== null : name.trim() !== '';
  const ready = pkg !== undefined && chosen && nameProblem === null;

  const submit = () => {
    if (!pkg || !ready) return;
    assign.mutate(
      {
        package_id: pkg.id,
        company_id: target === 'existing' ? companyId : null,
        new_company_name: target === 'new' ? name.trim() : null,
        _csrf: data.data.csrf,
      },
      { onSuccess: () => void navigate(PATHS.packageAssigned) },
    );
  };

  return (
    <>
      {header}
      <Card withBorder maw={640}>
        {!pkg ? (
          <Text c="dimmed" data-testid="package-missing">
            {translateMessage(t, PARTNER_MESSAGES.packageNotFound)}
          </Text>
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Stack gap="md">
              <Text fw={600} data-testid="package-summary">
                {t('partners.credits.package', {
                  count: pkg.users,
                  plan: pkg.planName,
                  months: pkg.months,
                  holder: pkg.company_name,
                })}
              </Text>
              {assign.isError && (
                <Alert
                  color="red"
                  variant="light"
                  icon={<IconAlertCircle />}
                  role="alert"
                  title={translateMessage(t, PARTNER_MESSAGES.creditAssignFailed)}
                  data-testid="assign-error"
                >
                  {translateError(t, assign.error)}
                </Alert>
              )}
              <Radio.Group
                label={t('partners.assign.to')}
                value={target}
                onChange={(value) => setTarget(value === 'new' ? 'new' : 'existing')}
              >
                <Group mt="xs" gap="lg">
                  <Radio
                    value="existing"
                    label={t('partners.assign.existing')}
                    data-testid="assign-existing"
                  />
                  <Radio value="new" label={t('partners.assign.new')} data-testid="assign-new" />
                </Group>
              </Radio.Group>
              {target === 'existing' ? (
                <Select
                  label={t('partners.assign.company')}
                  placeholder={t('partners.assign.chooseCompany')}
                  data={companies.map((c) => ({ value: c.company_id, label: c.company_name }))}
                  value={companyId}
                  onChange={setCompanyId}
                  searchable
                  nothingFoundMessage={t('partners.assign.noCompanies')}
                  data-testid="assign-company"
                />
              ) : (
                <TextInput
                  label={t('partners.assign.newName')}
                  value={name}
                  autoComplete="off"
                  onChange={(event) => {
                    setName(event.currentTarget.value);
                    setTyped(true);
                  }}
                  error={typed && nameProblem ? translateMessage(t, nameProblem) : undefined}
                  data-testid="assign-new-name"
                />
              )}
              <Group justify="flex-end">
                <Button
                  type="submit"
                  disabled={!ready}
                  loading={assign.isPending}
                  data-testid="assign-submit"
                >
                  {t('partners.assign.submit')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Card>
    </>
  );
}
