import { Button } from '@mantine/core';
import { IconMail, IconRocket } from '@tabler/icons-react';
import { isUpgradeAllowed, type Company } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlanLocked } from '../../../components/plan-locked.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { supportEmail } from '../../../lib/support-contact.ts';

/**
 * Spec 2 §2: training programs outside the plan. Companies that may upgrade get the upgrade page;
 * partner-subscription companies are told to write to their support address.
 */
export function TrainingsLocked({ company }: { company: Company }) {
  const { t } = useTranslation();
  const upgrade = isUpgradeAllowed(company);
  const email = supportEmail(company);
  return (
    <PlanLocked
      testId="trainings-locked"
      pageTitle={t('nav.trainings')}
      title={t('trainings.locked.title')}
      description={upgrade ? t('trainings.locked.upgradeText') : t('trainings.locked.partnerText', { email })}
      actions={
        upgrade ? (
          <Button component={Link} to={PATHS.upgrade} leftSection={<IconRocket size={18} />}>
            {t('trainings.locked.upgrade')}
          </Button>
        ) : (
          <Button
            component="a"
            href={`mailto:${email}`}
            variant="default"
            leftSection={<IconMail size={18} />}
          >
            {t('trainings.locked.contact')}
          </Button>
        )
      }
    />
  );
}
