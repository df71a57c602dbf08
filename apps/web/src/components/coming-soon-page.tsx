import { Badge, Button, Card, EmptyState } from '@mantine/core';
import { IconArrowLeft, IconTools } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from './page-header.tsx';

interface ComingSoonPageProps {
  /** The page's title, already translated. */
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** Where the single action leads: the dashboard when not given, no action when null. */
  backTo?: { to: string; label: string } | null;
}

/** A page that exists in the navigation but is not built yet, said plainly. */
export function ComingSoonPage({ title, description, icon, backTo }: ComingSoonPageProps) {
  const { t } = useTranslation();
  const action = backTo === undefined ? { to: '/', label: t('comingSoon.backToDashboard') } : backTo;
  return (
    <>
      <PageHeader title={title} description={description} />
      <Card py={64} data-testid="coming-soon">
        <EmptyState
          variant="light"
          size="lg"
          icon={icon ?? <IconTools />}
          title={
            <>
              {t('comingSoon.title', { title })}{' '}
              <Badge variant="light" ml={4} style={{ verticalAlign: 'middle' }}>
                {t('comingSoon.badge')}
              </Badge>
            </>
          }
          description={t('comingSoon.description')}
        >
          {action && (
            <EmptyState.Actions>
              <Button
                component={Link}
                to={action.to}
                variant="default"
                leftSection={<IconArrowLeft size={16} />}
              >
                {action.label}
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      </Card>
    </>
  );
}
