import { Button, Card, Group, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf, IconReportAnalytics } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { useAuthToken, useCurrentCompany } from '../../lib/session/index.ts';
import { overviewReportUrl, REPORT_FORMATS, type ReportFormat } from './report-urls.ts';

const FORMAT_ICON: Record<ReportFormat, typeof IconFileTypePdf> = {
  pdf: IconFileTypePdf,
  csv: IconFileSpreadsheet,
};

function DownloadLinks({ companyId, token }: { companyId: string; token: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      {REPORT_FORMATS.map((format) => {
        const FormatIcon = FORMAT_ICON[format];
        return (
          <Button
            key={format}
            component="a"
            href={overviewReportUrl(companyId, token, format)}
            download
            variant="default"
            size="compact-md"
            leftSection={<FormatIcon size={16} />}
            aria-label={t(`reports.overview.${format}Label`)}
            data-testid={`overview-report-${format}`}
          >
            {t(`reports.${format}`)}
          </Button>
        );
      })}
    </Group>
  );
}

/** /reports (spec 3 §2.3): the company reports, one row 'General overview' with its PDF and CSV. */
export function ReportsPage() {
  const { t } = useTranslation();
  const { company } = useCurrentCompany();
  const token = useAuthToken() ?? '';
  return (
    <>
      <PageHeader title={t('nav.reports')} description={t('reports.description')} />
      {company && (
        <Card p={0}>
          <Table.ScrollContainer minWidth={520} type="native">
            <Table verticalSpacing="md" horizontalSpacing="lg" aria-label={t('nav.reports')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('reports.report')}</Table.Th>
                  <Table.Th ta="right">{t('reports.download')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <Table.Tr data-testid="overview-report">
                  <Table.Td>
                    <Group gap="md" wrap="nowrap">
                      <ThemeIcon variant="light" size={40} radius="md">
                        <IconReportAnalytics size={22} />
                      </ThemeIcon>
                      <Stack gap={2}>
                        <Text fw={600} size="sm">
                          {t('reports.overview.name')}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {t('reports.overview.description')}
                        </Text>
                      </Stack>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <DownloadLinks companyId={company.company_id} token={token} />
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
    </>
  );
}
