import { ActionIcon, Loader, Menu } from '@mantine/core';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { PACKAGE_FORMATS, packageFileName, type PackageKind } from '@vigil/shared';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadsMenu } from '../../campaigns/index.ts';
import { packageVariantsOf, usePackageDownload } from '../api/packages-api.ts';

interface PackageDownloadProps {
  /** What the package holds: only a training program's package comes self-contained. */
  kind: PackageKind;
  /** The API path of the zip. */
  path: string;
  name: string;
}

/**
 * A package's zips (spec 2 §7, spec 3 §7): the three formats (SCORM 1.2, SCORM 2004 3rd Edition, cmi5)
 * of each variant the package has.
 */
function PackageDownloadItems({ kind, path, name }: PackageDownloadProps) {
  const { t } = useTranslation();
  const { download, pending } = usePackageDownload();
  return packageVariantsOf(kind).map((variant, index) => (
    <Fragment key={variant}>
      {index > 0 && <Menu.Divider />}
      <Menu.Label>{t(`packages.variants.${variant}`)}</Menu.Label>
      {PACKAGE_FORMATS.map((format) => {
        const key = `${variant}-${format}`;
        return (
          <Menu.Item
            key={format}
            leftSection={pending === key ? <Loader size={16} /> : <IconFileZip size={16} />}
            aria-label={t('packages.download.item', {
              name,
              format: t(`packages.formats.${format}`),
              variant: t(`packages.variants.${variant}`),
            })}
            data-testid={`package-${key}`}
            onClick={() => download(path, { format, variant }, packageFileName(name, format), key)}
          >
            {t(`packages.formats.${format}`)}
          </Menu.Item>
        );
      })}
    </Fragment>
  ));
}

/** The detail's and the wizard's download button: every format of every variant. */
export function PackageDownloadsMenu(props: PackageDownloadProps) {
  const { t } = useTranslation();
  return (
    <DownloadsMenu
      label={t('packages.download.menu')}
      filesLabel={t('packages.download.files')}
      width={300}
      testId="package-downloads"
    >
      <PackageDownloadItems {...props} />
    </DownloadsMenu>
  );
}

/** A table row's download: an icon that opens the same choice. */
export function PackageDownloadIcon(props: PackageDownloadProps) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" shadow="md" width={300} withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('packages.download.of', { name: props.name })}
          onClick={(event) => event.stopPropagation()}
          data-testid="package-download-icon"
        >
          <IconDownload size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
        <PackageDownloadItems {...props} />
      </Menu.Dropdown>
    </Menu>
  );
}
