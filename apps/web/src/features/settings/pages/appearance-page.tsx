import {
  Alert,
  Box,
  Button,
  Card,
  ColorInput,
  FileButton,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconCertificate,
  IconDeviceFloppy,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import {
  brandColor,
  DEFAULT_COLORS,
  LOGO,
  LOGO_MESSAGES,
  parseHexColor,
  textColorOn,
  Company,
} from '@vigil/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { showMessage } from '../../../components/app-messages.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { apiFetch } from '../../../lib/api-client.ts';
import { sessionKeys, useAuthToken, useCompany } from '../../../lib/session/index.ts';
import { translateError } from '../../../lib/translate-message.ts';
import { useRemoveLogo, useUploadLogo } from '../api/company-logo.ts';
import { useUpdateCompany } from '../api/update-company.ts';
import { CompanyTabs } from '../components/company-tabs.tsx';

const SWATCHES = [
  DEFAULT_COLORS.primary,
  DEFAULT_COLORS.secondary,
  '#1c7ed6',
  '#7048e8',
  '#f08c00',
  '#0c8599',
  '#212529',
];

/** The browser's own check before upload (spec 1 §5); the server checks the bytes again. */
function logoProblem(file: File): string | null {
  if (file.type !== LOGO.type) return LOGO_MESSAGES.unsupported(file.type || file.name);
  if (file.size > LOGO.maxBytes) return LOGO_MESSAGES.tooLarge(file.name);
  return null;
}

function LogoCard({ company }: { company: Company }) {
  const { t } = useTranslation();
  const upload = useUploadLogo(company.company_id);
  const remove = useRemoveLogo(company.company_id);
  const [problem, setProblem] = useState<string | null>(null);
  const logo = company.brand.logoUrl;
  const failure = problem ?? (upload.isError ? translateError(t, upload.error) : null);

  const pick = (file: File | null) => {
    if (!file) return;
    const found = logoProblem(file);
    setProblem(found);
    upload.reset();
    if (!found) {
      upload.mutate(file, {
        onSuccess: () => showMessage({ type: 'success', message: t('settings.appearance.logoSaved') }),
      });
    }
  };

  return (
    <Card>
      <Stack gap="md">
        <Title order={2} fz="md">
          {t('settings.appearance.logo')}
        </Title>
        <Box
          p="md"
          bd="1px dashed var(--mantine-color-default-border)"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
          mih={96}
          display="flex"
          data-testid="logo-current"
        >
          {logo ? (
            <Image
              src={logo}
              alt={t('settings.appearance.logoAlt', { company: company.company_name })}
              mah={88}
              w="auto"
              maw="100%"
              fit="contain"
            />
          ) : (
            <Text c="dimmed" size="sm" m="auto">
              {t('settings.appearance.noLogo')}
            </Text>
          )}
        </Box>
        <Text size="sm" c="dimmed">
          {t('settings.appearance.logoHint', { width: LOGO.hintWidth, height: LOGO.hintHeight })}
        </Text>
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert" data-testid="logo-error">
            {failure}
          </Alert>
        )}
        <Group gap="sm">
          <FileButton onChange={pick} accept={LOGO.type}>
            {(props) => (
              <Button
                {...props}
                leftSection={<IconUpload size={18} />}
                loading={upload.isPending}
                data-testid="logo-upload"
              >
                {logo ? t('settings.appearance.replaceLogo') : t('settings.appearance.uploadLogo')}
              </Button>
            )}
          </FileButton>
          {logo && (
            <Button
              variant="default"
              leftSection={<IconTrash size={18} />}
              loading={remove.isPending}
              data-testid="logo-remove"
              onClick={() =>
                openConfirmDialog({
                  title: t('settings.appearance.removeLogo'),
                  message: t('settings.appearance.removeLogoConfirm'),
                  confirmLabel: t('settings.appearance.removeLogo'),
                  cancelLabel: t('actions.cancel'),
                  danger: true,
                  onConfirm: () => remove.mutate(),
                })
              }
            >
              {t('settings.appearance.removeLogo')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** What employees will see: the header of a mail with the logo, a button and an accent. */
function BrandPreview({
  company,
  primary,
  secondary,
}: {
  company: Company;
  primary: string;
  secondary: string;
}) {
  const { t } = useTranslation();
  const on = (hex: string) => textColorOn(parseHexColor(hex) ?? [0, 0, 0]);
  const logo = company.brand.logoUrl;
  return (
    <Box
      bd="1px solid var(--mantine-color-default-border)"
      style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
      aria-label={t('settings.appearance.preview')}
      role="img"
      data-testid="brand-preview"
    >
      <Box
        p="sm"
        bg={primary}
        c={on(primary)}
        style={{ display: 'flex', alignItems: 'center', minHeight: 56 }}
      >
        {logo ? (
          <Box bg="white" p={4} style={{ borderRadius: 4, display: 'inline-flex' }}>
            <Image src={logo} alt="" h={32} w="auto" fit="contain" />
          </Box>
        ) : (
          <Text fw={700}>{company.company_name}</Text>
        )}
      </Box>
      <Stack p="md" gap="sm" bg="var(--mantine-color-body)">
        <Text fw={600}>{t('settings.appearance.previewHeading')}</Text>
        <Text size="sm" c="dimmed">
          {t('settings.appearance.previewText')}
        </Text>
        <Group gap="sm">
          <Box
            px="md"
            py={8}
            bg={primary}
            c={on(primary)}
            style={{ borderRadius: 6, fontWeight: 600, fontSize: 14 }}
          >
            {t('settings.appearance.previewButton')}
          </Box>
          <Box
            px="sm"
            py={4}
            bg={secondary}
            c={on(secondary)}
            style={{ borderRadius: 12, fontSize: 12, fontWeight: 600 }}
          >
            {t('settings.appearance.previewBadge')}
          </Box>
        </Group>
      </Stack>
    </Box>
  );
}

const isHex = (value: string) => /^#[0-9a-fA-F]{6}$/.test(value);

function ColoursCard({ company }: { company: Company }) {
  const { t } = useTranslation();
  const update = useUpdateCompany(company.company_id);
  const saved = { primary: company.brand.primaryColor, secondary: company.brand.secondaryColor };
  const [primary, setPrimary] = useState(saved.primary);
  const [secondary, setSecondary] = useState(saved.secondary);
  const valid = isHex(primary) && isHex(secondary);
  const dirty = primary.toLowerCase() !== saved.primary || secondary.toLowerCase() !== saved.secondary;

  return (
    <Card>
      <Stack gap="md">
        <Title order={2} fz="md">
          {t('settings.appearance.colours')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ColorInput
            label={t('settings.appearance.primary')}
            description={t('settings.appearance.primaryHint')}
            value={primary}
            onChange={setPrimary}
            format="hex"
            withEyeDropper={false}
            swatches={SWATCHES}
            error={isHex(primary) ? undefined : t('settings.appearance.colourInvalid')}
            data-testid="colour-primary"
          />
          <ColorInput
            label={t('settings.appearance.secondary')}
            description={t('settings.appearance.secondaryHint')}
            value={secondary}
            onChange={setSecondary}
            format="hex"
            withEyeDropper={false}
            swatches={SWATCHES}
            error={isHex(secondary) ? undefined : t('settings.appearance.colourInvalid')}
            data-testid="colour-secondary"
          />
        </SimpleGrid>
        <BrandPreview
          company={company}
          primary={brandColor(primary, saved.primary)}
          secondary={brandColor(secondary, saved.secondary)}
        />
        {update.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {translateError(t, update.error)}
          </Alert>
        )}
        <Group justify="space-between">
          <Button
            variant="subtle"
            onClick={() => {
              setPrimary(DEFAULT_COLORS.primary);
              setSecondary(DEFAULT_COLORS.secondary);
            }}
          >
            {t('settings.appearance.defaults')}
          </Button>
          <Button
            leftSection={<IconDeviceFloppy size={18} />}
            disabled={!valid || !dirty}
            loading={update.isPending}
            data-testid="colours-save"
            onClick={() =>
              update.mutate(
                { primaryColor: primary.toLowerCase(), secondaryColor: secondary.toLowerCase() },
                {
                  onSuccess: () =>
                    showMessage({ type: 'success', message: t('settings.appearance.coloursSaved') }),
                },
              )
            }
          >
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function CertificateCard({ company }: { company: Company }) {
  const { t } = useTranslation();
  const token = useAuthToken() ?? '';
  const href = `/api/companies/${encodeURIComponent(company.company_id)}/download/certificate/preview?token=${encodeURIComponent(token)}`;
  return (
    <Card>
      <Group justify="space-between" gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="md">
            {t('settings.appearance.certificate')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('settings.appearance.certificateHint')}
          </Text>
        </Stack>
        <Button
          component="a"
          href={href}
          target="_blank"
          rel="noopener"
          variant="default"
          leftSection={<IconCertificate size={18} />}
          data-testid="certificate-preview"
        >
          {t('settings.appearance.certificatePreview')}
        </Button>
      </Group>
    </Card>
  );
}

/** /settings/company/appearance: logo, colours with a live preview, and the certificate they make. */
export function AppearancePage() {
  const { t } = useTranslation();
  const company = useCompany();
  return (
    <>
      <PageHeader title={t('settings.nav.company')} description={t('settings.appearance.description')} />
      <CompanyTabs />
      <Stack gap="lg" maw={720} key={company.company_id}>
        <LogoCard company={company} />
        <ColoursCard company={company} />
        <CertificateCard company={company} />
      </Stack>
    </>
  );
}

/**
 * A customer's logo and colours as its partner sets them (spec 3 §4 Branding of a client company): the
 * same cards, for a company that need not be the current one.
 */
export function CompanyBrandPanel({ companyId }: { companyId: string }) {
  const company = useQuery({
    queryKey: sessionKeys.company(companyId),
    queryFn: ({ signal }) => apiFetch(`/companies/${encodeURIComponent(companyId)}`, Company, { signal }),
  });
  if (company.isError) return <LoadError error={company.error} onRetry={() => void company.refetch()} />;
  if (!company.data) return <Skeleton h={240} />;
  return (
    <Stack gap="lg" key={companyId}>
      <LogoCard company={company.data} />
      <ColoursCard company={company.data} />
    </Stack>
  );
}
