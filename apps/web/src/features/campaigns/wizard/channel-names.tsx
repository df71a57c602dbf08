import { useTranslation } from 'react-i18next';
import { channelKeysOf } from './channel-options.ts';

/**
 * The channels of a mask by name ("Email, Slack"), as the wizards name them: a delivery's channel in
 * a delivery status, a campaign's channels in its report. Email when the mask holds none.
 */
export function ChannelNames({ mask }: { mask: number }) {
  const { t } = useTranslation();
  const keys = channelKeysOf(mask);
  return (
    <>
      {(keys.length > 0 ? keys : ['email' as const])
        .map((key) => t(`trainingWizard.channels.${key}`))
        .join(', ')}
    </>
  );
}
