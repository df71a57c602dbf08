import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Modal,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle, IconSearch } from '@tabler/icons-react';
import { REPORTED_MAILS_PAGE_SIZE, type ReportedMailRow } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useCompany } from '../../../lib/session/index.ts';
import { pageCount, TablePager } from '../../employees/index.ts';
import { useReportedMail, useReportedMails } from '../api/phishing-api.ts';

function MailModal({
  companyId,
  mail,
  onClose,
}: {
  companyId: string;
  mail: ReportedMailRow | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const detail = useReportedMail(companyId, mail?.id ?? null);
  return (
    <Modal
      opened={mail !== null}
      onClose={onClose}
      title={mail?.subject || t('phishing.reported.noSubject')}
      size="xl"
      fullScreen={phone}
    >
      {detail.isError ? (
        <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
      ) : !detail.data ? (
        <Skeleton h={300} />
      ) : (
        <Stack gap="sm" data-testid="reported-mail">
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              {t('phishing.reported.from')}:
            </Text>{' '}
            {detail.data.from}
          </Text>
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              {t('phishing.reported.reportedBy')}:
            </Text>{' '}
            {detail.data.reporterEmail ?? t('phishing.reported.unknownReporter')} ·{' '}
            {formatDateTime(detail.data.reportedAt, i18n.language)}
          </Text>
          <Text size="sm" fw={600}>
            {t('phishing.reported.text')}
          </Text>
          <ScrollArea.Autosize mah={280} type="auto">
            <Code block>{detail.data.text || '—'}</Code>
          </ScrollArea.Autosize>
          <Text size="sm" fw={600}>
            {t('phishing.reported.headers')}
          </Text>
          <ScrollArea.Autosize mah={220} type="auto">
            <Code block>{detail.data.headers}</Code>
          </ScrollArea.Autosize>
        </Stack>
      )}
    </Modal>
  );
}

/** /phishing/reported: the real suspicious mails employees reported, for the security team. */
export function PhishingReportedPage() {
  const { t, i18n } = useTranslation();
  const company = useCompany();
  const [q, setQ] = useState('');
  const [search] = useDebouncedValue(q.trim(), 300);
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<ReportedMailRow | null>(null);
  const mails = useReportedMails(company.company_id, { page, search: search || undefined });

  return (
    <>
      <PageHeader title={t('phishing.reported.title')} description={t('phishing.reported.description')} />
      <Card withBorder>
        <Stack gap="md">
          <Alert color="blue" variant="light" icon={<IconInfoCircle />}>
            {t('phishing.reported.simulationsNote')}
          </Alert>
          <TextInput
            label={t('phishing.reported.search')}
            leftSection={<IconSearch size={16} />}
            value={q}
            onChange={(e) => {
              setQ(e.currentTarget.value);
              setPage(1);
            }}
            maw={360}
          />
          {mails.isError ? (
            <LoadError error={mails.error} onRetry={() => void mails.refetch()} />
          ) : (
            <QueryTable
              rows={mails.data?.rows}
              rowKey={(row) => row.id}
              minWidth={860}
              fz="sm"
              empty={t('phishing.reported.none')}
              testId="reported-mails"
              columns={[
                {
                  key: 'at',
                  header: t('phishing.reported.reportedAt'),
                  cell: (r) => formatDateTime(r.reportedAt, i18n.language),
                },
                {
                  key: 'subject',
                  header: t('phishing.reported.subject'),
                  cell: (r) => r.subject || t('phishing.reported.noSubject'),
                  td: { fw: 600 },
                },
                { key: 'from', header: t('phishing.reported.from'), cell: (r) => r.from },
                {
                  key: 'by',
                  header: t('phishing.reported.reportedBy'),
                  cell: (r) => r.reporterEmail ?? t('phishing.reported.unknownReporter'),
                },
                {
                  key: 'channel',
                  header: t('phishing.reported.channel'),
                  cell: (r) => (
                    <Badge variant="light" color="gray" tt="none">
                      {t(`phishing.reported.channels.${r.channel}`)}
                    </Badge>
                  ),
                },
                {
                  key: 'forwarded',
                  header: t('phishing.reported.forwarded'),
                  cell: (r) =>
                    r.forwardError ? (
                      <Text size="sm" c="red.8">
                        {r.forwardError}
                      </Text>
                    ) : r.forwardedAt ? (
                      formatDateTime(r.forwardedAt, i18n.language)
                    ) : (
                      '—'
                    ),
                },
                {
                  key: 'open',
                  header: t('phishing.reported.open'),
                  hiddenHeader: true,
                  align: 'right',
                  cell: (r) => (
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => setOpened(r)}
                      aria-label={t('phishing.reported.openOf', { subject: r.subject })}
                    >
                      {t('phishing.reported.open')}
                    </Button>
                  ),
                },
              ]}
              footer={
                <Group justify="flex-end">
                  <TablePager
                    page={page}
                    totalPages={pageCount(mails.data?.total ?? 0, REPORTED_MAILS_PAGE_SIZE)}
                    onChange={setPage}
                  />
                </Group>
              }
            />
          )}
        </Stack>
      </Card>
      <MailModal companyId={company.company_id} mail={opened} onClose={() => setOpened(null)} />
    </>
  );
}
