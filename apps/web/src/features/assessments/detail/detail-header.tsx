import { Anchor, Badge, Button, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconBell, IconMailOff, IconUsers } from '@tabler/icons-react';
import type { AssessmentView } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Fact } from '../../../components/fact-tile.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
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
  const count = (value: number, Icon: typeof IconUsers) => (
    <Group gap={6} component="span" wrap="nowrap">
      <Icon size={16} />
      <span>{value}</span>
    </Group>
  );

  return (
    <Stack gap="md" mb="lg">
      <Group justify="space-between" gap="sm">
        <Anchor component={Link} to={ASSESSMENT_REPORT_PATHS.list} size="sm">
          <Group gap={6}>
            <IconArrowLeft size={16} />
            {t('assessmentReports.back')}
          </Group>
        </Anchor>
        <LatestAssessmentsMenu companyId={companyId} currentId={assessment.id} />
      </Group>
      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="sm" align="center" miw={0} style={{ flex: '1 1 360px' }}>
          <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
            {assessment.name}
          </Title>
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
        </Group>
        <Group gap="xs">
          {assessment.canRemind && (
            <Button leftSection={<IconBell size={16} />} onClick={onRemind}>
              {t('assessmentReports.reminders.open')}
            </Button>
          )}
          {isAdmin && <AssessmentDownloadMenu companyId={companyId} assessmentId={assessment.id} />}
          <DetailActions assessment={assessment} companyId={companyId} />
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" data-testid="assessment-figures">
        <Fact
          label={t('assessmentReports.header.invited')}
          value={count(assessment.usersTotal, IconUsers)}
          onClick={() => onShowEmployees('all')}
        />
        <Fact label={t('assessmentReports.header.started')} value={assessment.usersStarted} />
        <Fact label={t('assessmentReports.header.finished')} value={assessment.usersFinished} />
        <Fact
          label={t('assessmentReports.header.bounced')}
          value={count(assessment.bouncedEmails, IconMailOff)}
          onClick={assessment.isScorm ? undefined : () => onShowEmployees('bounced')}
        />
        <Fact label={t('assessmentReports.header.delivery')} value={delivery} />
        <Fact
          label={t('assessmentReports.header.due')}
          value={date(assessment.due, t('assessmentReports.header.noDue'))}
        />
      </SimpleGrid>
    </Stack>
  );
}
