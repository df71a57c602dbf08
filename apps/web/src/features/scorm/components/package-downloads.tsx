import { ActionIcon, Menu } from '@mantine/core';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { PACKAGE_FORMATS, PACKAGE_VARIANTS } from '@vigil/shared';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthToken } from '../../../lib/session/index.ts';
import { DownloadsMenu } from '../../campaigns/index.ts';
import { packageDownloadHref } from '../api/packages-api.ts';

/**
 * A package's zips (spec 2 §7, spec 3 §7): the three formats (SCORM 1.2, SCORM 2004 3rd Edition, cmi5)
 * of each variant, as plain links with the token, the default format first named as such.
 */
function PackageDownloadItems({ path, name }: { path: string; name: string }) {
  const { t } = useTranslation();
  const token = useAuthToken() ?? '';
  return PACKAGE_VARIANTS.map((variant, index) => (
    <Fragment key={variant}>
      {index > 0 && <Menu.Divider />}
      <Menu.Label>{t(`packages.variants.${variant}`)}</Menu.Label>
      {PACKAGE_FORMATS.map((format) => (
        <Menu.Item
          key={format}
          component="a"
          href={packageDownloadHref(path, { format, variant }, token)}
          download
          leftSection={<IconFileZip size={16} />}
          aria-label={t('packages.download.item', {
            name,
            format: t(`packages.formats.${format}`),
            variant: t(`packages.variants.${variant}`),
          })}
          data-testid={`package-${variant}-${format}`}
        >
          {t(`packages.formats.${format}`)}
        </Menu.Item>
      ))}
    </Fragment>
  ));
}

/** The detail's and the wizard's download button: every format of both variants. */
export function PackageDownloadsMenu({ path, name }: { path: string; name: string }) {
  const { t } = useTranslation();
  return (
    <DownloadsMenu
      label={t('packages.download.menu')}
      filesLabel={t('packages.download.files')}
      width={290}
      testId="package-downloads"
    >
      <PackageDownloadItems path={path} name={name} />
    </DownloadsMenu>
  );
}

/** A table row's download: an icon that opens the same choice. */
export function PackageDownloadIcon({ path, name }: { path: string; name: string }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" shadow="md" width={290} withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('packages.download.of', { name })}
          onClick={(event) => event.stopPropagation()}
          data-testid="package-download-icon"
        >
          <IconDownload size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
        <PackageDownloadItems path={path} name={name} />
      </Menu.Dropdown>
    </Menu>
  );
}
