import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import type { ChannelKey } from './channel-options.ts';

/** Says once which channels a copied or edited campaign lost because they are no longer connected. */
export function DroppedChannelsNotice({ dropped }: { dropped: readonly ChannelKey[] }) {
  const { t } = useTranslation();
  const names = dropped.map((key) => t(`trainingWizard.channels.${key}`)).join(', ');
  useEffect(() => {
    if (names)
      showMessage({
        id: `channels-dropped-${names}`,
        type: 'warning',
        message: t('trainingWizard.messages.channelsDropped', { channels: names }),
      });
  }, [names, t]);
  return null;
}
