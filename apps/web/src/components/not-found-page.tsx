import { IconMapPinQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page.tsx';

interface NotFoundPageProps {
  /** Where "Go back" leads; the home page when not given. */
  backTo?: string;
}

export function NotFoundPage({ backTo = '/' }: NotFoundPageProps) {
  const { t } = useTranslation();
  return (
    <StatusPage
      testId="not-found"
      icon={<IconMapPinQuestion size={36} />}
      color="gray"
      eyebrow="404"
      title={t('notFound.title')}
      message={t('notFound.message')}
      action={{ to: backTo, label: backTo === '/' ? t('notFound.home') : t('notFound.back') }}
    />
  );
}
