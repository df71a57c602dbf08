import { Card } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { useCreatePartnerCompany } from '../api/partners.ts';
import { BackToCompanies } from '../components/back-to-companies.tsx';
import { usePartnerAccount } from '../components/partner-layout.tsx';
import { SubscriptionForm } from '../components/subscription-form.tsx';

/** /partner/{id}/companies/new: a new customer and its subscription; saved, it opens its details. */
export function NewPartnerCompanyPage() {
  const { t } = useTranslation();
  const account = usePartnerAccount();
  const navigate = useNavigate();
  const create = useCreatePartnerCompany(account.id);
  return (
    <>
      <BackToCompanies partnerId={account.id} />
      <PageHeader title={t('partners.create.title')} description={t('partners.create.description')} />
      <Card withBorder maw={760}>
        <SubscriptionForm
          partnerId={account.id}
          mode={{ kind: 'create' }}
          submitLabel={t('partners.create.submit')}
          pending={create.isPending}
          error={create.error}
          onSubmit={(form) =>
            create.mutate(form, {
              onSuccess: (detail) => void navigate(PATHS.partnerCompany(account.id, detail.company_id)),
            })
          }
        />
      </Card>
    </>
  );
}
