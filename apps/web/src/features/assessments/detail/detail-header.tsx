import { Badge, Button } from '@mantine/core';
import { IconBell, IconMailOff, IconUsers } from '@tabler/icons-react';
import type { AssessmentView } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { ChannelNames, DetailHeaderFrame, IconCount } from '../../campaigns/index.ts';
import { Fact } from '../../../components/fact-tile.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { PackageDownloadsMenu, programPackagePath } from '../../scorm/index.ts';
import { DetailActions } from './detail-actions.tsx';
import { AssessmentDownloadMenu } from './download-menu.tsx';
import { LatestAssessmentsMenu } from './latest-assessments-menu.tsx';
import { ASSESSMENT_REPORT_PATHS } from './report-paths.ts';

interface DetailHeaderProps {
  assessment: AssessmentView;
  companyId: string;
  isAdmin: boolean;
  onShowEmployees: (view: 'all' | 'bounced') => void;
  onRemind: () => void;
}

/** Spec 2 §2 Detail page: back link, other assessments, name and status, figures and actions. */
export function DetailHeader({
  assessment,
  companyId,
  isAdmin,
  onShowEmployees,
  onRemind,
}: DetailHeaderProps) {
  const { t, i18n } = useTranslation();
  const date = (value: string | null, none: string) => (value ? formatDateTime(value, i18n.language) : none);
  const delivery =
    assessment.scheduleType === -1
      ? t('assessmentReports.header.manual')
      : date(assessment.deliveryDate, '—');

  return (
    <DetailHeaderFrame
      backTo={ASSESSMENT_REPORT_PATHS.list}
      backLabel={t('assessmentReports.back')}
      switcher={<LatestAssessmentsMenu companyId={companyId} currentId={assessment.id} />}
      name={assessment.name}
      badges={
        <>
          <Badge
            color={assessment.statusInfo.color}
            variant="light"
            size="lg"
            tt="none"
            data-testid="assessment-status"
          >
            {t(`assessmentReports.status.${assessment.status}`)}
          </Badge>
          {assessment.isScorm && (
            <Badge color="gray" variant="outline" size="lg" tt="none">
              {t('assessmentReports.header.scorm')}
            </Badge>
          )}
        </>
      }
      actions={
        <>
          {assessment.canRemind && (
            <Button leftSection={<IconBell size={16} />} onClick={onRemind}>
              {t('assessmentReports.reminders.open')}
            </Button>
          )}
          {isAdmin && (
            <AssessmentDownloadMenu
              companyId={companyId}
              assessmentId={assessment.id}
              anonymous={assessment.anonymousTracking}
            />
          )}
          {assessment.isScorm && (
            <PackageDownloadsMenu
              kind="assessment"
              path={programPackagePath('assessment', companyId, assessment.id)}
              name={assessment.name}
            />
          )}
          <DetailActions assessment={assessment} companyId={companyId} />
        </>
      }
      figureCols={{ base: 2, sm: 4, lg: 7 }}
      figuresTestId="assessment-figures"
      figures={
        <>
          <Fact
            label={t('assessmentReports.header.invited')}
            value={<IconCount icon={IconUsers} value={assessment.usersTotal} />}
            onClick={() => onShowEmployees('all')}
          />
          <Fact label={t('assessmentReports.header.started')} value={assessment.usersStarted} />
          <Fact label={t('assessmentReports.header.finished')} value={assessment.usersFinished} />
          <Fact
            label={t('assessmentReports.header.bounced')}
            value={<IconCount icon={IconMailOff} value={assessment.bouncedEmails} />}
            onClick={assessment.isScorm ? undefined : () => onShowEmployees('bounced')}
          />
          <Fact label={t('assessmentReports.header.delivery')} value={delivery} />
          <Fact
            label={t('assessmentReports.header.channels')}
            value={<ChannelNames mask={assessment.channel} />}
          />
          <Fact
            label={t('assessmentReports.header.due')}
            value={date(assessment.due, t('assessmentReports.header.noDue'))}
          />
        </>
      }
    />
  );
}
