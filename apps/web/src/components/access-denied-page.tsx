import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page.tsx';

export function AccessDeniedPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      testId="access-denied"
      icon={<IconLock size={36} />}
      color="red"
      eyebrow={t('accessDenied.eyebrow')}
      title={t('accessDenied.title')}
      message={t('accessDenied.message')}
      action={{ to: '/', label: t('accessDenied.home') }}
    />
  );
}
