import { Button, Card, Group, Radio, Select, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import {
  DEFAULT_PACKAGE_FORMAT,
  DEFAULT_PACKAGE_VARIANT,
  PACKAGE_FORMATS,
  packageFileName,
  type PackageFormat,
  type PackageVariant,
} from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import {
  packageVariantsOf,
  programPackagePath,
  usePackageDownload,
  type ProgramKind,
} from '../api/packages-api.ts';
import { PackageDownloadsMenu } from './package-downloads.tsx';

/** Which zip a SCORM wizard makes first: a format (default scorm2004) and a variant (default dispatch). */
export interface PackageChoice {
  format: PackageFormat;
  variant: PackageVariant;
}

export const DEFAULT_PACKAGE_CHOICE: PackageChoice = {
  format: DEFAULT_PACKAGE_FORMAT,
  variant: DEFAULT_PACKAGE_VARIANT,
};

/** The SCORM wizard's summary: the package's format and variant (spec 2 "Package variants", §9). */
export function PackageChoiceFields({
  kind,
  value,
  onChange,
}: {
  kind: ProgramKind;
  value: PackageChoice;
  onChange: (next: PackageChoice) => void;
}) {
  const { t } = useTranslation();
  const variants = packageVariantsOf(kind);
  return (
    <Card data-testid="package-choice">
      <Stack gap="md">
        <div>
          <Title order={3} fz="md">
            {t('packages.choice.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('packages.choice.description')}
          </Text>
        </div>
        <Select
          label={t('packages.choice.format')}
          data={PACKAGE_FORMATS.map((format) => ({ value: format, label: t(`packages.formats.${format}`) }))}
          value={value.format}
          allowDeselect={false}
          onChange={(format) => format && onChange({ ...value, format: format as PackageFormat })}
          maw={360}
        />
        {variants.length > 1 && (
          <Radio.Group
            label={t('packages.choice.variant')}
            value={value.variant}
            onChange={(variant) => onChange({ ...value, variant: variant as PackageVariant })}
          >
            <Stack gap="sm" mt="xs">
              {variants.map((variant) => (
                <Radio
                  key={variant}
                  value={variant}
                  label={t(`packages.variants.${variant}`)}
                  description={t(`packages.variantHints.${variant}`)}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
      </Stack>
    </Card>
  );
}

/** The success screen's download (spec 2 §2): the chosen zip first, every other format beside it. */
export function PackageReady({
  kind,
  companyId,
  id,
  name,
  choice,
}: {
  kind: ProgramKind;
  companyId: string;
  id: string;
  name: string;
  choice: PackageChoice;
}) {
  const { t } = useTranslation();
  const { download, pending } = usePackageDownload();
  const path = programPackagePath(kind, companyId, id);
  return (
    <Group justify="center" gap="sm" data-testid="package-ready">
      <Button
        leftSection={<IconDownload size={16} />}
        loading={pending === 'chosen'}
        onClick={() => download(path, choice, packageFileName(name, choice.format), 'chosen')}
      >
        {t('packages.download.chosen', { format: t(`packages.formats.${choice.format}`) })}
      </Button>
      <PackageDownloadsMenu kind={kind} path={path} name={name} />
    </Group>
  );
}
