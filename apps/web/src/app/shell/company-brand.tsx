import { Image } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '../../components/brand-mark.tsx';
import { useCurrentCompany } from '../../lib/session/index.ts';

/** The company's logo when it has one that loads, else the product's mark under its account name. */
export function CompanyBrand() {
  const { t } = useTranslation();
  const { company } = useCurrentCompany();
  const logo = company?.brand.logoUrl ?? null;
  const [failed, setFailed] = useState<string | null>(null);

  return (
    <Link
      to="/"
      aria-label={t('nav.home')}
      style={{ display: 'flex', color: 'inherit', textDecoration: 'none' }}
    >
      {logo && failed !== logo ? (
        <Image
          src={logo}
          alt={company?.company_name}
          h={36}
          w="auto"
          maw={180}
          fit="contain"
          onError={() => setFailed(logo)}
        />
      ) : (
        <BrandMark size="sm" name={company?.brand.accountName} />
      )}
    </Link>
  );
}
