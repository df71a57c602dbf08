import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAuthToken } from '../../../lib/session/index.ts';
import { assessmentDownloadUrl } from '../api/assessment-reports-api.ts';
import { assessmentDownloads } from './report-rules.ts';

/**
 * Spec 2 §2 report downloads: answers.csv, lists.csv and users.csv (only lists.csv under anonymous
 * tracking), as plain links with the token.
 */
export function AssessmentDownloadMenu({
  companyId,
  assessmentId,
  anonymous,
}: {
  companyId: string;
  assessmentId: string;
  anonymous: boolean;
}) {
  const { t } = useTranslation();
  const token = useAuthToken() ?? '';
  return (
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          rightSection={<IconChevronDown size={14} />}
        >
          {t('assessmentReports.downloads.menu')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid="assessment-downloads">
        <Menu.Label>{t('assessmentReports.downloads.files')}</Menu.Label>
        {assessmentDownloads(anonymous).map((kind) => (
          <Menu.Item
            key={kind}
            component="a"
            href={assessmentDownloadUrl(kind, { companyId, assessmentId, token })}
            download={`${kind}.csv`}
            leftSection={<IconFileSpreadsheet size={16} />}
          >
            {t(`assessmentReports.downloads.${kind}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
