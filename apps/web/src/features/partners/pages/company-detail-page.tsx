import {
  ActionIcon,
  Button,
  Group,
  Select,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconLayoutDashboard, IconPencil } from '@tabler/icons-react';
import { LANGUAGES, PARTNER, PARTNER_MESSAGES, type PartnerCompanyDetail } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { showMessage } from '../../../components/app-messages.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { formatLongDate } from '../../../lib/format-date.ts';
import { PATHS } from '../../../lib/paths.ts';
import { selectCompany, useBrandedTitle } from '../../../lib/session/index.ts';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { CompanyBrandPanel } from '../../settings/index.ts';
import { usePartnerCompany, usePartnerOverview, useUpdatePartnerCompany } from '../api/partners.ts';
import { BackToCompanies } from '../components/back-to-companies.tsx';
import { CompanyFeaturesCard } from '../components/company-features-card.tsx';
import { CompanyManagersCard } from '../components/company-managers-card.tsx';
import { CompanySubscriptionCard } from '../components/company-subscription-card.tsx';
import { usePartnerAccount } from '../components/partner-layout.tsx';
import { RenameCompanyModal } from '../components/rename-company-modal.tsx';

function DefaultLanguage({ partnerId, company }: { partnerId: string; company: PartnerCompanyDetail }) {
  const { t } = useTranslation();
  const update = useUpdatePartnerCompany(partnerId, company.company_id);
  return (
    <Select
      label={t('partners.detail.defaultLanguage')}
      description={t('partners.detail.defaultLanguageHint')}
      data={LANGUAGES.map((l) => ({ value: l.code, label: l.english_name }))}
      value={company.defaultLanguage}
      allowDeselect={false}
      disabled={update.isPending}
      maw={320}
      onChange={(code) => {
        const language = LANGUAGES.find((l) => l.code === code);
        if (!language || language.code === company.defaultLanguage) return;
        update.mutate(
          { defaultLanguage: language.code },
          {
            onSuccess: () => showMessage({ type: 'success', message: t('partners.detail.languageSaved') }),
            onError: (error) => showMessage({ type: 'error', message: translateError(t, error) }),
          },
        );
      }}
      data-testid="partner-default-language"
    />
  );
}

/**
 * /partner/{id}/companies/{companyId}: one customer (spec 3 §2.6): its name and rename, how big and busy
 * it is, 'Go to dashboard', the default language for its employees, and its subscription, managers,
 * branding and features.
 */
export function PartnerCompanyPage() {
  const { t, i18n } = useTranslation();
  const account = usePartnerAccount();
  const { companyId = '' } = useParams();
  const navigate = useNavigate();
  const company = usePartnerCompany(account.id, companyId);
  const currency = usePartnerOverview(account.id).data?.currencyCode ?? PARTNER.currencyCode;
  const [renaming, setRenaming] = useState(false);
  const [tab, setTab] = useState<string | null>('subscription');
  useBrandedTitle(company.data?.company_name ?? t('partners.companies.title'));

  const back = <BackToCompanies partnerId={account.id} />;
  if (company.isError)
    return (
      <>
        {back}
        <LoadError error={company.error} onRetry={() => void company.refetch()} />
      </>
    );
  if (!company.data)
    return (
      <>
        {back}
        <Stack gap="md" aria-busy>
          <Skeleton h={32} w="40%" />
          <Skeleton h={16} w="60%" />
          <Skeleton h={200} />
        </Stack>
      </>
    );

  const c = company.data;
  const openDashboard = () => {
    selectCompany(c.company_id);
    void navigate(PATHS.home);
  };

  return (
    <>
      {back}
      <Group justify="space-between" align="flex-start" mb="xl" gap="md">
        <Stack gap={6}>
          <Group gap="xs" wrap="nowrap">
            <Title order={1} fz={{ base: 24, sm: 28 }} data-testid="partner-company-name">
              {c.company_name}
            </Title>
            <Tooltip label={translateMessage(t, PARTNER_MESSAGES.renameCompany)} withArrow>
              <ActionIcon
                variant="subtle"
                size="lg"
                aria-label={translateMessage(t, PARTNER_MESSAGES.renameCompany)}
                onClick={() => setRenaming(true)}
                data-testid="rename-company"
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <Text size="sm" c="dimmed" data-testid="partner-company-facts">
            {t('partners.detail.joined', {
              date: formatLongDate(c.company_created, i18n.language),
              employees: c.users_total,
              trainings: c.activeTrainings,
              assessments: c.activeAssessments,
            })}
          </Text>
        </Stack>
        <Button
          leftSection={<IconLayoutDashboard size={18} />}
          onClick={openDashboard}
          data-testid="go-to-dashboard"
        >
          {translateMessage(t, PARTNER_MESSAGES.goToDashboard)}
        </Button>
      </Group>
      <DefaultLanguage partnerId={account.id} company={c} />
      <Tabs value={tab} onChange={setTab} mt="xl" keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="subscription">{t('partners.detail.tabs.subscription')}</Tabs.Tab>
          <Tabs.Tab value="managers" data-testid="partner-tab-managers">
            {t('partners.detail.tabs.managers')}
          </Tabs.Tab>
          <Tabs.Tab value="branding">{t('partners.detail.tabs.branding')}</Tabs.Tab>
          <Tabs.Tab value="features">{t('partners.detail.tabs.features')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="subscription">
          <CompanySubscriptionCard partnerId={account.id} company={c} currencyCode={currency} />
        </Tabs.Panel>
        <Tabs.Panel value="managers">
          <CompanyManagersCard partnerId={account.id} company={c} />
        </Tabs.Panel>
        <Tabs.Panel value="branding">
          <CompanyBrandPanel companyId={c.company_id} />
        </Tabs.Panel>
        <Tabs.Panel value="features">
          <CompanyFeaturesCard partnerId={account.id} companyId={c.company_id} />
        </Tabs.Panel>
      </Tabs>
      <RenameCompanyModal
        key={c.company_name}
        partnerId={account.id}
        companyId={c.company_id}
        name={c.company_name}
        opened={renaming}
        onClose={() => setRenaming(false)}
      />
    </>
  );
}
