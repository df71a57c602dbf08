import { Anchor, Badge, Button, Group, Pagination, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { PARTNER, type PartnerCompanyRow } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryTable, type QueryTableColumn } from '../../../components/query-table.tsx';
import { formatShortDate } from '../../../lib/format-date.ts';
import { PATHS } from '../../../lib/paths.ts';
import { usePartnerCompaniesPage, usePartnerOverview } from '../api/partners.ts';
import { formatMoney } from '../money.ts';
import { usePartnerAccount } from '../components/partner-layout.tsx';

/** Spec 3 §9: the list search waits 300 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 300;

/** /partner/{id}/companies: the customers, 20 a page by name, with a name search (spec 3 §2.6). */
export function PartnerCompaniesPage() {
  const { t, i18n } = useTranslation();
  const account = usePartnerAccount();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('q') ?? '';
  const [typed, setTyped] = useState(search);
  const companies = usePartnerCompaniesPage(account.id, page, search);
  const currency = usePartnerOverview(account.id).data?.currencyCode ?? PARTNER.currencyCode;
  const applySearch = useDebouncedCallback((q: string) => {
    const next = new URLSearchParams();
    if (q.trim()) next.set('q', q.trim());
    setParams(next, { replace: true });
  }, SEARCH_DEBOUNCE_MS);
  const totalPages = Math.max(1, Math.ceil((companies.data?.total ?? 0) / PARTNER.pageSize));

  const columns: QueryTableColumn<PartnerCompanyRow>[] = [
    {
      key: 'name',
      header: t('partners.companies.name'),
      cell: (row) => (
        <Anchor component={Link} to={PATHS.partnerCompany(account.id, row.company_id)} fw={600}>
          {row.company_name}
        </Anchor>
      ),
    },
    {
      key: 'subscription',
      header: t('partners.companies.subscription'),
      cell: (row) =>
        row.subscriptionName ? (
          <>
            <Text size="sm">{row.subscriptionName}</Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {row.subscriptionCode}
            </Text>
          </>
        ) : (
          '—'
        ),
    },
    {
      key: 'seats',
      header: t('partners.companies.seats'),
      align: 'right',
      cell: (row) => row.allowedUsers ?? t('partners.companies.unlimited'),
    },
    {
      key: 'employees',
      header: t('partners.companies.employees'),
      align: 'right',
      cell: (row) => row.userCount,
    },
    {
      key: 'validTo',
      header: t('partners.companies.validTo'),
      td: { style: { whiteSpace: 'nowrap' } },
      cell: (row) => (row.valid_to ? formatShortDate(row.valid_to, i18n.language) : '—'),
    },
    {
      key: 'price',
      header: t('partners.companies.price'),
      align: 'right',
      td: { style: { whiteSpace: 'nowrap' } },
      cell: (row) => t('partners.perMonth', { amount: formatMoney(row.price, currency, i18n.language) }),
    },
    {
      key: 'status',
      header: t('partners.companies.status'),
      cell: (row) => (
        <Badge variant="light" color={row.active ? 'teal' : 'gray'}>
          {t(row.active ? 'partners.active' : 'partners.inactive')}
        </Badge>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('partners.companies.title')}
        description={t('partners.companies.description')}
        actions={
          <Button
            component={Link}
            to={PATHS.partnerNewCompany(account.id)}
            leftSection={<IconPlus size={18} />}
            data-testid="partner-new-company"
          >
            {t('partners.companies.new')}
          </Button>
        }
      />
      <Group mb="md" justify="space-between" gap="sm">
        <TextInput
          aria-label={t('partners.companies.search')}
          placeholder={t('partners.companies.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={typed}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
          w={{ base: '100%', sm: 320 }}
          data-testid="partner-company-search"
        />
        {companies.data && (
          <Text size="sm" c="dimmed" data-testid="partner-company-total">
            {t('partners.companies.total', { count: companies.data.total })}
          </Text>
        )}
      </Group>
      <QueryTable
        query={companies}
        rows={companies.data?.rows}
        rowKey={(row) => row.company_id}
        rowTestId={() => 'partner-company-row'}
        columns={columns}
        minWidth={860}
        testId="partner-companies"
        empty={search ? t('partners.companies.noMatch') : t('partners.companies.empty')}
        footer={
          totalPages > 1 && (
            <Group justify="flex-end" mt="md">
              <Pagination
                total={totalPages}
                value={page}
                size="sm"
                onChange={(next) => {
                  const nextParams = new URLSearchParams(params);
                  nextParams.set('page', String(next));
                  setParams(nextParams);
                }}
                getControlProps={(control) => ({ 'aria-label': t(`partners.pager.${control}`) })}
                getItemProps={(n) => ({ 'aria-label': t('partners.pager.page', { n }) })}
              />
            </Group>
          )
        }
      />
    </>
  );
}
