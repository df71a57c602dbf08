import { Card, Tabs } from '@mantine/core';
import {
  IconBell,
  IconChartBar,
  IconListCheck,
  IconSend,
  IconShieldHalf,
  IconUsers,
} from '@tabler/icons-react';
import type { AssessmentView } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailHeader } from './detail-header.tsx';
import { EmployeesModal } from './employees-modal.tsx';
import { EmployeesReport, type EmployeesPreset } from './employees-report.tsx';
import { OverviewTab } from './overview-tab.tsx';
import { AssessmentRemindersModal, type RemindTarget } from './reminders-modal.tsx';
import { ASSESSMENT_REPORT_PATHS, detailTabsFor, type DetailTab } from './report-paths.ts';
import { DeliveriesPanel, QuestionsPanel, RemindersPanel, ThreatAreasPanel } from './tab-panels.tsx';
import { useBrandedTitle } from '../../../lib/session/index.ts';

const TAB_ICONS = {
  overview: IconChartBar,
  threatAreas: IconShieldHalf,
  questions: IconListCheck,
  employees: IconUsers,
  deliveries: IconSend,
  reminders: IconBell,
} as const;

interface AssessmentDetailProps {
  assessment: AssessmentView;
  tab: DetailTab;
  companyId: string;
  isAdmin: boolean;
}

/** The report of an assessment that is not a draft: header figures and the tabs of spec 2 §2. */
export function AssessmentDetail({ assessment, tab, companyId, isAdmin }: AssessmentDetailProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useBrandedTitle(`${assessment.name}`);
  const [employees, setEmployees] = useState<EmployeesPreset | null>(null);
  const [remind, setRemind] = useState<RemindTarget | null>(null);
  const openArea = (areaId: string) => void navigate(ASSESSMENT_REPORT_PATHS.threatArea(assessment, areaId));
  const remindLists = () => setRemind({ lists: true });
  const remindEmails = (emails: string[]) => setRemind({ emails });

  return (
    <>
      <DetailHeader
        assessment={assessment}
        companyId={companyId}
        isAdmin={isAdmin}
        onShowEmployees={(view) => setEmployees({ view })}
        onRemind={remindLists}
      />
      <Tabs
        value={tab}
        onChange={(next) =>
          next && void navigate(ASSESSMENT_REPORT_PATHS.view(assessment, next as DetailTab))
        }
        keepMounted={false}
      >
        <Tabs.List mb="lg" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {detailTabsFor(assessment.isScorm).map((value) => {
            const Icon = TAB_ICONS[value];
            return (
              <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} />} style={{ flexShrink: 0 }}>
                {t(`assessmentReports.tabs.${value}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        <Tabs.Panel value="overview">
          <OverviewTab
            companyId={companyId}
            assessment={assessment}
            isAdmin={isAdmin}
            onRemind={remindLists}
            onOpenArea={openArea}
            onOpenList={(listId) => setEmployees({ view: 'risk', listId })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="threatAreas">
          <ThreatAreasPanel companyId={companyId} assessment={assessment} onOpen={openArea} />
        </Tabs.Panel>
        <Tabs.Panel value="questions">
          <QuestionsPanel companyId={companyId} assessment={assessment} />
        </Tabs.Panel>
        <Tabs.Panel value="employees">
          <Card>
            <EmployeesReport
              companyId={companyId}
              assessment={assessment}
              isAdmin={isAdmin}
              onRemind={remindEmails}
            />
          </Card>
        </Tabs.Panel>
        {!assessment.isScorm && (
          <Tabs.Panel value="deliveries">
            <DeliveriesPanel companyId={companyId} assessment={assessment} />
          </Tabs.Panel>
        )}
        {!assessment.isScorm && (
          <Tabs.Panel value="reminders">
            <RemindersPanel companyId={companyId} assessment={assessment} onRemind={remindLists} />
          </Tabs.Panel>
        )}
      </Tabs>
      <EmployeesModal
        companyId={companyId}
        assessment={assessment}
        isAdmin={isAdmin}
        preset={employees}
        onClose={() => setEmployees(null)}
        onRemind={remindEmails}
      />
      <AssessmentRemindersModal
        companyId={companyId}
        assessment={assessment}
        target={remind}
        onClose={() => setRemind(null)}
      />
    </>
  );
}
