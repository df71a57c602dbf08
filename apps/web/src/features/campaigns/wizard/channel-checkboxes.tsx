import { Checkbox, Fieldset, Group, Tooltip } from '@mantine/core';
import { TRAINING_MESSAGES } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import type { ChannelOption } from './channel-options.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { toggleChannel } from '../../../lib/campaign-rules.ts';
import classes from './wizard-kit.module.css';

interface ChannelCheckboxesProps {
  label: string;
  options: readonly ChannelOption[];
  value: number;
  onChange: (mask: number) => void;
}

/** Email, Slack and Teams; a change that would leave none is refused with a warning (spec 2 §5 Channels). */
export function ChannelCheckboxes({ label, options, value, onChange }: ChannelCheckboxesProps) {
  const { t } = useTranslation();
  const name = (key: ChannelOption['key']) => t(`trainingWizard.channels.${key}`);
  return (
    <Fieldset variant="unstyled" legend={label} classNames={{ legend: classes.legend }}>
      <Group gap="lg" mt="xs">
        {options.map((option) => {
          const box = (
            <Checkbox
              checked={(value & option.bit) !== 0}
              label={name(option.key)}
              disabled={option.blocked !== null}
              onChange={(event) => {
                const next = toggleChannel(value, option.bit, event.currentTarget.checked);
                if (next === null)
                  showMessage({
                    type: 'warning',
                    message: translateMessage(t, TRAINING_MESSAGES.oneChannel),
                  });
                else onChange(next);
              }}
            />
          );
          if (option.blocked === null) return <span key={option.key}>{box}</span>;
          const reason =
            option.blocked === 'upgrade'
              ? t('trainingWizard.messages.integrationUpgrade', { channel: name(option.key) })
              : t('trainingWizard.messages.integrationConfigure', { channel: name(option.key) });
          return (
            <Tooltip key={option.key} label={reason} withArrow multiline maw={260}>
              {/* A disabled input gets no pointer events; the wrapper carries the tooltip. */}
              <span tabIndex={0} aria-label={reason}>
                {box}
              </span>
            </Tooltip>
          );
        })}
      </Group>
    </Fieldset>
  );
}
