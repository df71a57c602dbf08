import { Badge, Button, Group, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconSwitchHorizontal } from '@tabler/icons-react';
import { ASSESSMENT_LIMITS, truncate } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLatestAssessments } from '../api/assessments-api.ts';
import { ASSESSMENT_REPORT_PATHS } from './report-paths.ts';

/** Names are cut like the list's so the menu stays narrow. */
const NAME_IN_MENU = 30;

/** The latest ten other assessments, to jump to one (spec 2 §2 Detail page). */
export function LatestAssessmentsMenu({ companyId, currentId }: { companyId: string; currentId: string }) {
  const { t } = useTranslation();
  const latest = useLatestAssessments(companyId);
  const others = (latest.data ?? []).filter((a) => a.id !== currentId).slice(0, ASSESSMENT_LIMITS.latest);
  return (
    <Menu position="bottom-end" width={340} withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconSwitchHorizontal size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={latest.isPending}
          disabled={latest.isSuccess && others.length === 0}
        >
          {t('assessmentReports.latest.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid="latest-assessments">
        <Menu.Label>{t('assessmentReports.latest.title')}</Menu.Label>
        {others.map((a) => (
          <Menu.Item
            key={a.id}
            component={Link}
            to={a.status === 'draft' ? ASSESSMENT_REPORT_PATHS.edit(a.id) : ASSESSMENT_REPORT_PATHS.view(a)}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" title={a.name}>
                {truncate(a.name, NAME_IN_MENU)}
              </Text>
              <Badge color={a.statusInfo.color} variant="light" size="sm" tt="none" style={{ flexShrink: 0 }}>
                {t(`assessmentReports.status.${a.status}`)}
              </Badge>
            </Group>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
