import { Badge } from '@mantine/core';
import { IconBrandAzure, IconBrandGoogle, IconUsersGroup } from '@tabler/icons-react';
import { isImportedSource, type DirectorySource } from '@vigil/shared';
import { useTranslation } from 'react-i18next';

const LOOK: Record<DirectorySource, { icon: typeof IconUsersGroup; color: string }> = {
  azure: { icon: IconBrandAzure, color: 'blue' },
  google: { icon: IconBrandGoogle, color: 'red' },
  scim: { icon: IconUsersGroup, color: 'teal' },
};

/** Says where a list or employee came from when a directory sync brought it (spec 3 §3). */
export function SourceBadge({ source }: { source: string | null }) {
  const { t } = useTranslation();
  if (!isImportedSource(source)) return null;
  const { icon: Icon, color } = LOOK[source];
  return (
    <Badge
      component="span"
      variant="light"
      color={color}
      leftSection={<Icon size={12} />}
      style={{ verticalAlign: 'middle' }}
    >
      {t(`employees.source.${source}`)}
    </Badge>
  );
}
