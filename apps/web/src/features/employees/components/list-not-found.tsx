import { Alert, Button } from '@mantine/core';
import { IconArrowLeft, IconAlertTriangle } from '@tabler/icons-react';
import { EMPLOYEE_MESSAGES } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateMessage } from '../../../lib/translate-message.ts';
import { EMPLOYEE_PATHS } from '../employee-paths.ts';

/** Spec 3 §8: 'No list selected' when the list in the address is not there. */
export function ListNotFound() {
  const { t } = useTranslation();
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle />}
      title={translateMessage(t, EMPLOYEE_MESSAGES.noListSelected)}
      data-testid="list-not-found"
    >
      {t('employees.list.notFoundText')}
      <div>
        <Button
          component={Link}
          to={EMPLOYEE_PATHS.overview}
          variant="light"
          color="yellow"
          size="compact-sm"
          mt="sm"
          leftSection={<IconArrowLeft size={14} />}
        >
          {t('employees.list.backToLists')}
        </Button>
      </div>
    </Alert>
  );
}
