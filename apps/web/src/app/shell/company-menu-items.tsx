import { Loader, Menu, Text } from '@mantine/core';
import { IconBuilding, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { usePartnerCompanies } from './use-partner-companies.ts';

export interface CompanyChoice {
  company_id: string;
  company_name: string;
}

interface CompanyItemsProps {
  companies: CompanyChoice[];
  currentId: string | undefined;
  onChoose: (company: CompanyChoice) => void;
  testId: string;
}

export function CompanyItems({ companies, currentId, onChoose, testId }: CompanyItemsProps) {
  const { t } = useTranslation();
  return companies.map((company) => {
    const current = company.company_id === currentId;
    return (
      <Menu.Item
        key={company.company_id}
        data-testid={testId}
        data-company-id={company.company_id}
        aria-current={current || undefined}
        leftSection={<IconBuilding size={16} stroke={1.6} />}
        rightSection={current ? <IconCheck size={16} aria-label={t('userMenu.current')} /> : null}
        fw={current ? 600 : undefined}
        onClick={() => onChoose(company)}
      >
        {company.company_name}
      </Menu.Item>
    );
  });
}

interface PartnerCompanyItemsProps {
  partner: { id: string; name: string };
  opened: boolean;
  currentId: string | undefined;
  onChoose: (company: CompanyChoice) => void;
}

/** One partner account's customer companies in the user menu (spec 1 §2 User menu). */
export function PartnerCompanyItems({ partner, opened, currentId, onChoose }: PartnerCompanyItemsProps) {
  const { t } = useTranslation();
  const query = usePartnerCompanies(partner.id, opened);
  const rows = query.data?.rows ?? [];

  return (
    <>
      <Menu.Label>{t('userMenu.partnerCompanies', { name: partner.name })}</Menu.Label>
      {query.isPending && (
        <Menu.Item disabled leftSection={<Loader size={14} />}>
          {t('userMenu.loadingCompanies')}
        </Menu.Item>
      )}
      {query.isError && (
        <Text size="xs" c="red" px="sm" py={4}>
          {t('userMenu.companiesFailed')}
        </Text>
      )}
      {query.isSuccess && rows.length === 0 && (
        <Text size="xs" c="dimmed" px="sm" py={4}>
          {t('userMenu.noPartnerCompanies')}
        </Text>
      )}
      <CompanyItems
        companies={rows}
        currentId={currentId}
        onChoose={onChoose}
        testId="partner-company-item"
      />
      {query.data && query.data.total > rows.length && (
        <Menu.Item component={Link} to={PATHS.partnerCompanies(partner.id)} c="brand">
          {t('userMenu.allPartnerCompanies', { count: query.data.total })}
        </Menu.Item>
      )}
    </>
  );
}
