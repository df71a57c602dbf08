import { Menu } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DownloadsMenu } from '../../campaigns/index.ts';
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
    <DownloadsMenu
      label={t('assessmentReports.downloads.menu')}
      filesLabel={t('assessmentReports.downloads.files')}
      width={260}
      testId="assessment-downloads"
    >
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
    </DownloadsMenu>
  );
}
