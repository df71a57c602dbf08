import { Badge } from '@mantine/core';
import { ASSESSMENT_LIMITS } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { LatestCampaignsMenu } from '../../campaigns/index.ts';
import { useLatestAssessments } from '../api/assessments-api.ts';
import { ASSESSMENT_REPORT_PATHS } from './report-paths.ts';

/** The latest ten other assessments, to jump to one (spec 2 §2 Detail page). */
export function LatestAssessmentsMenu({ companyId, currentId }: { companyId: string; currentId: string }) {
  const { t } = useTranslation();
  const latest = useLatestAssessments(companyId);
  return (
    <LatestCampaignsMenu
      latest={latest}
      currentId={currentId}
      limit={ASSESSMENT_LIMITS.latest}
      buttonLabel={t('assessmentReports.latest.button')}
      title={t('assessmentReports.latest.title')}
      to={(a) =>
        a.status === 'draft' ? ASSESSMENT_REPORT_PATHS.edit(a.id) : ASSESSMENT_REPORT_PATHS.view(a)
      }
      badge={(a) => (
        <Badge color={a.statusInfo.color} variant="light" size="sm" tt="none" style={{ flexShrink: 0 }}>
          {t(`assessmentReports.status.${a.status}`)}
        </Badge>
      )}
      width={340}
      testId="latest-assessments"
    />
  );
}
