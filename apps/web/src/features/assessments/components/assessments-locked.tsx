import { Button } from '@mantine/core';
import { IconMail, IconPlayerPlay, IconRocket } from '@tabler/icons-react';
import { isUpgradeAllowed, tryDemoLink, type Company } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlanLocked } from '../../../components/plan-locked.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { useCurrentUser } from '../../../lib/session/index.ts';
import { supportEmail } from '../../../lib/support-contact.ts';

/**
 * Spec 2 §2: assessments outside the plan. "Try demo" opens the learner app's demo in the manager's
 * name; then "Upgrade now", or for partner-subscription companies "Contact to upgrade".
 */
export function AssessmentsLocked({ company }: { company: Company }) {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  const upgrade = isUpgradeAllowed(company);
  const email = supportEmail(company);
  const demo = tryDemoLink(window.location.origin, 'assessment', company.company_id, user?.email ?? '');
  return (
    <PlanLocked
      testId="assessments-locked"
      pageTitle={t('nav.assessments')}
      title={t('assessments.locked.title')}
      description={
        upgrade ? t('assessments.locked.upgradeText') : t('assessments.locked.partnerText', { email })
      }
      actions={
        <>
          <Button
            component="a"
            href={demo}
            target="_blank"
            rel="noopener"
            variant="default"
            leftSection={<IconPlayerPlay size={18} />}
            data-testid="try-demo"
          >
            {t('assessments.locked.tryDemo')}
          </Button>
          {upgrade ? (
            <Button component={Link} to={PATHS.upgrade} leftSection={<IconRocket size={18} />}>
              {t('assessments.locked.upgrade')}
            </Button>
          ) : (
            <Button component="a" href={`mailto:${email}`} leftSection={<IconMail size={18} />}>
              {t('assessments.locked.contact')}
            </Button>
          )}
        </>
      }
    />
  );
}
