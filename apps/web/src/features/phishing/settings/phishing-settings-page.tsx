import {
  Alert,
  Anchor,
  Button,
  Card,
  Code,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconBrandGoogle,
  IconBrandWindows,
  IconDownload,
  IconInfoCircle,
  IconRefresh,
} from '@tabler/icons-react';
import { PHISHING_TRACKING_MESSAGES, PhishingReportSettingsSave } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCompany, useIsAdmin } from '../../../lib/session/index.ts';
import {
  useDeliverability,
  usePhishingTemplates,
  useReportSettings,
  useRotateReportKey,
  useSaveReportSettings,
} from '../api/phishing-api.ts';
import { TestSendForm } from '../components/test-send-form.tsx';
import { translatePhishingError, translatePhishingMessage } from '../phishing-messages.ts';
import { CopyField } from './copy-field.tsx';
import { SenderProfiles } from './sender-profiles.tsx';

function Section({
  title,
  description,
  children,
  testId,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card withBorder data-testid={testId}>
      <Stack gap="sm">
        <div>
          <Title order={2} fz="lg">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed" maw={760}>
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Card>
  );
}

function SecurityEmailForm({
  companyId,
  initial,
  disabled,
}: {
  companyId: string;
  initial: string | null;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveReportSettings(companyId);
  const [value, setValue] = useState(initial ?? '');
  const parsed = PhishingReportSettingsSave.safeParse({ securityEmail: value.trim() });
  const invalid = value.trim() !== '' && !parsed.success;
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        style={{ flex: '1 1 260px' }}
        maw={420}
        type="email"
        label={t('phishing.settings.securityEmail')}
        description={t('phishing.settings.securityEmailHint')}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        error={invalid ? translatePhishingMessage(t, PHISHING_TRACKING_MESSAGES.securityEmailInvalid) : null}
        disabled={disabled}
        data-testid="security-email"
      />
      <Button
        onClick={() =>
          parsed.success &&
          save.mutate(
            { securityEmail: value.trim() },
            {
              onSuccess: () => showMessage({ type: 'success', message: t('phishing.settings.saved') }),
              onError: (e) => showMessage({ type: 'error', message: translatePhishingError(t, e) }),
            },
          )
        }
        loading={save.isPending}
        disabled={disabled || invalid}
      >
        {t('phishing.settings.save')}
      </Button>
    </Group>
  );
}

function ReportButton({ companyId, isAdmin }: { companyId: string; isAdmin: boolean }) {
  const { t } = useTranslation();
  const settings = useReportSettings(companyId);
  const rotate = useRotateReportKey(companyId);
  if (settings.isError) return <LoadError error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <Skeleton h={260} radius="md" />;
  const data = settings.data;
  return (
    <Section
      title={t('phishing.settings.report.title')}
      description={t('phishing.settings.report.description')}
      testId="report-settings"
    >
      <CopyField
        label={t('phishing.settings.report.address')}
        description={t('phishing.settings.report.addressHint')}
        value={data.reportAddress}
        testId="report-address"
      />
      <SecurityEmailForm
        key={data.securityEmail ?? ''}
        companyId={companyId}
        initial={data.securityEmail}
        disabled={!isAdmin}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder padding="md">
          <Stack gap="xs">
            <Group gap={8}>
              <IconBrandWindows size={20} aria-hidden />
              <Title order={3} fz="md">
                {t('phishing.settings.report.outlook')}
              </Title>
            </Group>
            <Text size="sm" c="dimmed">
              {t('phishing.settings.report.outlookHint')}
            </Text>
            <CopyField
              label={t('phishing.settings.report.manifest')}
              value={data.outlookManifestUrl}
              testId="outlook-manifest"
            />
            <List size="sm" type="ordered" spacing={4}>
              <List.Item>{t('phishing.settings.report.outlookStep1')}</List.Item>
              <List.Item>{t('phishing.settings.report.outlookStep2')}</List.Item>
              <List.Item>{t('phishing.settings.report.outlookStep3')}</List.Item>
            </List>
          </Stack>
        </Card>
        <Card withBorder padding="md">
          <Stack gap="xs">
            <Group gap={8}>
              <IconBrandGoogle size={20} aria-hidden />
              <Title order={3} fz="md">
                {t('phishing.settings.report.gmail')}
              </Title>
            </Group>
            <Text size="sm" c="dimmed">
              {t('phishing.settings.report.gmailHint')}
            </Text>
            <Button
              component="a"
              href={data.gmailAddonUrl}
              download
              variant="light"
              leftSection={<IconDownload size={16} />}
              style={{ alignSelf: 'flex-start' }}
              data-testid="gmail-addon"
            >
              {t('phishing.settings.report.gmailDownload')}
            </Button>
            <List size="sm" type="ordered" spacing={4}>
              <List.Item>{t('phishing.settings.report.gmailStep1')}</List.Item>
              <List.Item>{t('phishing.settings.report.gmailStep2')}</List.Item>
              <List.Item>{t('phishing.settings.report.gmailStep3')}</List.Item>
            </List>
          </Stack>
        </Card>
      </SimpleGrid>
      {isAdmin && (
        <Group>
          <Button
            variant="default"
            color="red"
            leftSection={<IconRefresh size={16} />}
            loading={rotate.isPending}
            onClick={() =>
              openConfirmDialog({
                title: t('phishing.settings.report.rotateTitle'),
                message: t('phishing.settings.report.rotateConfirm'),
                confirmLabel: t('phishing.settings.report.rotate'),
                cancelLabel: t('actions.cancel'),
                danger: true,
                onConfirm: () =>
                  rotate.mutate(undefined, {
                    onError: (e) => showMessage({ type: 'error', message: translatePhishingError(t, e) }),
                  }),
              })
            }
          >
            {t('phishing.settings.report.rotate')}
          </Button>
        </Group>
      )}
    </Section>
  );
}

function Deliverability({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const info = useDeliverability(companyId);
  if (info.isError) return <LoadError error={info.error} onRetry={() => void info.refetch()} />;
  if (!info.data) return <Skeleton h={260} radius="md" />;
  const data = info.data;
  return (
    <Section
      title={t('phishing.settings.deliver.title')}
      description={t('phishing.settings.deliver.description')}
      testId="deliverability"
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
        <CopyField label={t('phishing.settings.deliver.address')} value={data.sendingAddress} />
        <CopyField label={t('phishing.settings.deliver.domain')} value={data.sendingDomain} />
        <CopyField label={t('phishing.settings.deliver.linkHost')} value={data.linkHost} />
      </SimpleGrid>
      {data.sendingIps.length > 0 ? (
        <Text size="sm">
          {t('phishing.settings.deliver.ips')}{' '}
          {data.sendingIps.map((ip) => (
            <Code key={ip} mr={6}>
              {ip}
            </Code>
          ))}
        </Text>
      ) : (
        <Alert color="gray" variant="light" icon={<IconInfoCircle />}>
          {t('phishing.settings.deliver.noIps')}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={520} type="native">
        <Table fz="sm" verticalSpacing="xs" data-testid="deliverability-headers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('phishing.settings.deliver.header')}</Table.Th>
              <Table.Th>{t('phishing.settings.deliver.value')}</Table.Th>
              <Table.Th>{t('phishing.settings.deliver.note')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.headers.map((h) => (
              <Table.Tr key={h.name}>
                <Table.Td>
                  <Code>{h.name}</Code>
                </Table.Td>
                <Table.Td>
                  <Code>{h.value}</Code>
                </Table.Td>
                <Table.Td>{h.note}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="xs">
          <Title order={3} fz="md">
            {t('phishing.settings.deliver.microsoft')}
          </Title>
          <List size="sm" type="ordered" spacing={4} data-testid="microsoft-steps">
            {data.microsoft365.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
        </Stack>
        <Stack gap="xs">
          <Title order={3} fz="md">
            {t('phishing.settings.deliver.google')}
          </Title>
          <List size="sm" type="ordered" spacing={4} data-testid="google-steps">
            {data.googleWorkspace.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
        </Stack>
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('phishing.settings.deliver.docs')}{' '}
        <Anchor
          href="https://learn.microsoft.com/defender-office-365/advanced-delivery-policy-configure"
          target="_blank"
          rel="noreferrer"
          size="xs"
          underline="always"
        >
          {t('phishing.settings.deliver.microsoftDocs')}
        </Anchor>
      </Text>
    </Section>
  );
}

/** /phishing/settings: sender profiles, the report address and button, deliverability and a test send. */
export function PhishingSettingsPage() {
  const { t, i18n } = useTranslation();
  const company = useCompany();
  const isAdmin = useIsAdmin();
  const templates = usePhishingTemplates(company.company_id, i18n.language);
  return (
    <>
      <PageHeader title={t('phishing.settings.title')} description={t('phishing.settings.description')} />
      <Stack gap="lg">
        <SenderProfiles companyId={company.company_id} isAdmin={isAdmin} />
        <ReportButton companyId={company.company_id} isAdmin={isAdmin} />
        <Deliverability companyId={company.company_id} />
        <TestSendForm
          companyId={company.company_id}
          senderProfileId={null}
          templates={templates.data ?? []}
        />
      </Stack>
    </>
  );
}
