import { Badge } from '@mantine/core';
import { IconBrandAzure, IconBrandGoogle, IconUsersGroup } from '@tabler/icons-react';
import { isImportedSource } from '@vigil/shared';
import { useTranslation } from 'react-i18next';

/** Says where a list or employee came from when a directory sync brought it (spec 3 §3). */
export function SourceBadge({ source }: { source: string | null }) {
  const { t } = useTranslation();
  if (!isImportedSource(source)) return null;
  const Icon = source === 'azure' ? IconBrandAzure : source === 'google' ? IconBrandGoogle : IconUsersGroup;
  return (
    <Badge
      component="span"
      variant="light"
      color={source === 'azure' ? 'blue' : source === 'google' ? 'red' : 'teal'}
      leftSection={<Icon size={12} />}
      style={{ verticalAlign: 'middle' }}
    >
      {t(`employees.source.${source}`)}
    </Badge>
  );
}
