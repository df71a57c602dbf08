import { Button, Group, Stack } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { AssessmentView } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import {
  useAssessmentReminders,
  useQuestionsReport,
  useThreatAreaRows,
} from '../api/assessment-reports-api.ts';
import { ReportSection, ThreatAreasTable } from './area-tables.tsx';
import { QuestionsTable } from './list-tables.tsx';
import { RemindersTable } from './reminders-table.tsx';
import { DeliveryStatusView } from '../../campaigns/index.ts';
import { assessmentKeys, assessmentPath } from '../api/assessments-api.ts';

interface PanelProps {
  companyId: string;
  assessment: Pick<AssessmentView, 'id' | 'canRemind'>;
}

/** The threatAreas tab: every area of the assessment; a row opens the area's page. */
export function ThreatAreasPanel({
  companyId,
  assessment,
  onOpen,
}: PanelProps & { onOpen: (areaId: string) => void }) {
  const { t } = useTranslation();
  const areas = useThreatAreaRows(companyId, assessment.id);
  return (
    <ReportSection
      title={t('assessmentReports.threatAreas.title')}
      caption={t('assessmentReports.threatAreas.caption')}
    >
      <ThreatAreasTable
        rows={areas.data}
        error={areas.error}
        onRetry={() => void areas.refetch()}
        onOpen={onOpen}
      />
    </ReportSection>
  );
}

/** The questions tab: the questions report of the whole assessment. */
export function QuestionsPanel({ companyId, assessment }: PanelProps) {
  const { t } = useTranslation();
  const questions = useQuestionsReport(companyId, assessment.id);
  return (
    <ReportSection
      title={t('assessmentReports.questions.title')}
      caption={t('assessmentReports.questions.caption')}
    >
      <QuestionsTable
        rows={questions.data}
        error={questions.error}
        onRetry={() => void questions.refetch()}
      />
    </ReportSection>
  );
}

/** The reminders tab: the remind overview, and sending reminders now. */
export function RemindersPanel({ companyId, assessment, onRemind }: PanelProps & { onRemind: () => void }) {
  const { t } = useTranslation();
  const reminders = useAssessmentReminders(companyId, assessment.id);
  return (
    <ReportSection
      title={t('assessmentReports.reminders.title')}
      caption={t('assessmentReports.reminders.caption')}
    >
      <Stack gap="sm">
        {assessment.canRemind && (
          <Group justify="flex-end">
            <Button leftSection={<IconBell size={16} />} onClick={onRemind}>
              {t('assessmentReports.reminders.open')}
            </Button>
          </Group>
        )}
        <RemindersTable
          rows={reminders.data}
          error={reminders.error}
          onRetry={() => void reminders.refetch()}
        />
      </Stack>
    </ReportSection>
  );
}

/** The deliveries tab: the invitation and each reminder, then per employee and channel (spec 2 §2). */
export function DeliveriesPanel({ companyId, assessment }: PanelProps) {
  const { t } = useTranslation();
  return (
    <ReportSection
      title={t('assessmentReports.deliveries.title')}
      caption={t('assessmentReports.deliveries.caption')}
    >
      <DeliveryStatusView
        source={{
          path: assessmentPath(companyId, assessment.id),
          key: assessmentKeys.one(companyId, assessment.id),
        }}
        firstSend="invitation"
      />
    </ReportSection>
  );
}
