import { Button } from '@mantine/core';
import { IconBell, IconMailForward } from '@tabler/icons-react';
import type { TrainingView } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { PackageDownloadsMenu, programPackagePath } from '../../scorm/index.ts';
import { DownloadMenu } from '../delivery/download-menu.tsx';

interface DetailToolsProps {
  training: TrainingView;
  companyId: string;
  isAdmin: boolean;
  onRemind: () => void;
  onDeliveryStatus: () => void;
}

/** The detail header's reminder, delivery status and download actions, a SCORM program's package too (spec 2 §2, §7). */
export function DetailTools({ training, companyId, isAdmin, onRemind, onDeliveryStatus }: DetailToolsProps) {
  const { t } = useTranslation();
  return (
    <>
      {training.canRemind && (
        <Button leftSection={<IconBell size={16} />} onClick={onRemind}>
          {t('trainingDelivery.reminders.open')}
        </Button>
      )}
      {!training.isScorm && (
        <Button variant="default" leftSection={<IconMailForward size={16} />} onClick={onDeliveryStatus}>
          {t('trainingDelivery.deliveries.open')}
        </Button>
      )}
      {isAdmin && <DownloadMenu companyId={companyId} training={training} />}
      {training.isScorm && (
        <PackageDownloadsMenu
          kind="training"
          path={programPackagePath('training', companyId, training.id)}
          name={training.name}
        />
      )}
    </>
  );
}
