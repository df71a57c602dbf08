import {
  Alert,
  Anchor,
  Button,
  Card,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { AdminAttachCompany, AdminCompanyCreate, AdminPartnerCreate, type AdminPartner } from '@vigil/shared';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { AccessDeniedPage } from '../../../components/access-denied-page.tsx';
import { showMessage } from '../../../components/app-messages.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { useCurrentCompany, useCurrentUser } from '../../../lib/session/index.ts';
import { translateError } from '../../../lib/translate-message.ts';
import { useFieldError } from '../../../lib/use-field-error.ts';
import { useAdminPartners, useAttachCompany, useCreateCompany, useCreatePartner } from '../api/admin.ts';

function FailedAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
      {translateError(t, error)}
    </Alert>
  );
}

/** One of the page's forms: a titled card whose form says what failed above its fields. */
function AdminFormCard({
  title,
  error,
  onSubmit,
  submit,
  children,
}: {
  title: string;
  error: unknown;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  submit: { label: string; pending: boolean; testId: string };
  children: ReactNode;
}) {
  return (
    <Card withBorder>
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="sm">
          <FailedAlert error={error} />
          {children}
          <Button type="submit" loading={submit.pending} data-testid={submit.testId}>
            {submit.label}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

type AdminForm = UseFormReturnType<{ adminEmail: string; adminName: string; partnerId?: string | null }>;

/** The admin a new partner or company gets: their email (required for a partner) and name. */
function AdminFields({ form, required, testId }: { form: AdminForm; required: boolean; testId?: string }) {
  const { t } = useTranslation();
  const fieldError = useFieldError<{ adminEmail: string }>(form.errors);
  return (
    <>
      <TextInput
        label={t('partners.admin.adminEmail')}
        type="email"
        required={required}
        {...form.getInputProps('adminEmail')}
        error={fieldError('adminEmail')}
        data-testid={testId}
      />
      <TextInput label={t('partners.admin.adminName')} {...form.getInputProps('adminName')} />
    </>
  );
}

/** Which partner a company belongs to; cleared, none. */
function PartnerSelect({
  partners,
  inputProps,
  testId,
}: {
  partners: readonly AdminPartner[];
  inputProps: ReturnType<AdminForm['getInputProps']>;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('partners.admin.partner')}
      placeholder={t('partners.admin.noPartner')}
      data={partners.map((p) => ({ value: p.id, label: p.name }))}
      clearable
      {...inputProps}
      data-testid={testId}
    />
  );
}

function NewPartnerCard() {
  const { t } = useTranslation();
  const create = useCreatePartner();
  const form = useForm({
    initialValues: { name: '', adminEmail: '', adminName: '' },
    validate: schemaResolver(AdminPartnerCreate, { sync: true }),
  });
  const fieldError = useFieldError<{ name: string }>(form.errors);
  return (
    <AdminFormCard
      title={t('partners.admin.newPartner')}
      error={create.error}
      submit={{
        label: t('partners.admin.createPartner'),
        pending: create.isPending,
        testId: 'admin-partner-create',
      }}
      onSubmit={form.onSubmit((values) =>
        create.mutate(values, {
          onSuccess: (partner) => {
            showMessage({
              type: 'success',
              message: t('partners.admin.partnerCreated', { name: partner.name }),
            });
            form.reset();
          },
        }),
      )}
    >
      <TextInput
        label={t('partners.admin.partnerName')}
        required
        {...form.getInputProps('name')}
        error={fieldError('name')}
        data-testid="admin-partner-name"
      />
      <AdminFields form={form} required testId="admin-partner-email" />
    </AdminFormCard>
  );
}

function NewCompanyCard({ partners }: { partners: readonly AdminPartner[] }) {
  const { t } = useTranslation();
  const create = useCreateCompany();
  const form = useForm<{
    companyName: string;
    partnerId: string | null;
    adminEmail: string;
    adminName: string;
  }>({
    initialValues: { companyName: '', partnerId: null, adminEmail: '', adminName: '' },
    validate: schemaResolver(
      AdminCompanyCreate.extend({
        adminEmail: z.union([z.literal(''), AdminCompanyCreate.shape.adminEmail]),
      }),
      { sync: true },
    ),
  });
  const fieldError = useFieldError<{ companyName: string }>(form.errors);
  return (
    <AdminFormCard
      title={t('partners.admin.newCompany')}
      error={create.error}
      submit={{
        label: t('partners.admin.createCompany'),
        pending: create.isPending,
        testId: 'admin-company-create',
      }}
      onSubmit={form.onSubmit(({ adminEmail, adminName, ...values }) =>
        create.mutate(
          { ...values, ...(adminEmail ? { adminEmail, adminName } : {}) },
          {
            onSuccess: (company) => {
              showMessage({
                type: 'success',
                message: t('partners.admin.companyCreated', { name: company.company_name }),
              });
              form.reset();
            },
          },
        ),
      )}
    >
      <TextInput
        label={t('partners.form.companyName')}
        required
        {...form.getInputProps('companyName')}
        error={fieldError('companyName')}
        data-testid="admin-company-name"
      />
      <PartnerSelect
        partners={partners}
        inputProps={form.getInputProps('partnerId')}
        testId="admin-company-partner"
      />
      <AdminFields form={form} required={false} />
    </AdminFormCard>
  );
}

const AttachForm = AdminAttachCompany.extend({ companyId: z.uuid() });

function AttachCard({ partners }: { partners: readonly AdminPartner[] }) {
  const { t } = useTranslation();
  const current = useCurrentCompany().company;
  const attach = useAttachCompany();
  const form = useForm<{ companyId: string; partnerId: string | null }>({
    initialValues: { companyId: current?.company_id ?? '', partnerId: null },
    validate: schemaResolver(AttachForm, { sync: true }),
  });
  return (
    <AdminFormCard
      title={t('partners.admin.attach')}
      error={attach.error}
      submit={{
        label: t('partners.admin.attachButton'),
        pending: attach.isPending,
        testId: 'admin-attach-save',
      }}
      onSubmit={form.onSubmit((values) =>
        attach.mutate(values, {
          onSuccess: (company) =>
            showMessage({
              type: 'success',
              message: company.partnerId
                ? t('partners.admin.attached', { name: company.company_name })
                : t('partners.admin.detached', { name: company.company_name }),
            }),
        }),
      )}
    >
      <TextInput
        label={t('partners.admin.companyId')}
        description={current ? t('partners.admin.companyIdHint', { name: current.company_name }) : undefined}
        required
        {...form.getInputProps('companyId')}
        error={form.errors.companyId ? t('partners.admin.companyIdInvalid') : undefined}
        data-testid="admin-attach-company"
      />
      <PartnerSelect
        partners={partners}
        inputProps={form.getInputProps('partnerId')}
        testId="admin-attach-partner"
      />
    </AdminFormCard>
  );
}

/** /admin/partners: super-admins create partner accounts and companies and attach one to the other. */
export function AdminPartnersPage() {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  const partners = useAdminPartners();
  if (!user?.isSuperAdmin) return <AccessDeniedPage />;
  const rows = partners.data?.rows ?? [];
  return (
    <>
      <PageHeader title={t('partners.admin.title')} description={t('partners.admin.description')} />
      <Stack gap="xl">
        <Card withBorder>
          <Title order={2} fz="lg" mb="sm">
            {t('partners.admin.accounts')}
          </Title>
          <QueryTable
            query={partners}
            rows={partners.data?.rows}
            rowKey={(p) => p.id}
            minWidth={620}
            testId="admin-partners"
            empty={t('partners.admin.noAccounts')}
            columns={[
              {
                key: 'name',
                header: t('partners.admin.partnerName'),
                cell: (p) => (
                  <Anchor component={Link} to={PATHS.partnerCompanies(p.id)} fw={600}>
                    {p.name}
                  </Anchor>
                ),
              },
              { key: 'plan', header: t('partners.admin.plan'), cell: (p) => p.planCode },
              {
                key: 'companies',
                header: t('partners.payments.companies'),
                align: 'right',
                cell: (p) => p.companies,
              },
              {
                key: 'admins',
                header: t('partners.admin.admins'),
                cell: (p) => <Text size="sm">{p.admins.map((a) => a.email).join(', ') || '—'}</Text>,
              },
            ]}
          />
        </Card>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          <NewPartnerCard />
          <NewCompanyCard partners={rows} />
          <AttachCard partners={rows} />
        </SimpleGrid>
      </Stack>
    </>
  );
}
