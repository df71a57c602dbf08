import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconDeviceFloppy, IconRocket } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import type { WizardAction } from '../../../lib/campaign-rules.ts';
import classes from './wizard-kit.module.css';

export interface WizardFooterProps {
  action: WizardAction;
  /** Why the main button cannot be used now; null when it can. */
  actionBlocked: string | null;
  onAction: () => void;
  onPrevious: (() => void) | null;
  /** The save button reads "Save changes" for a program that is already scheduled. */
  saveLabel: 'draft' | 'changes';
  saveBlocked: string | null;
  onSave: () => void;
  pending: 'save' | 'action' | null;
}

function WithReason({ reason, children }: { reason: string | null; children: ReactNode }) {
  if (!reason) return children;
  return (
    <Tooltip label={reason} withArrow multiline maw={280}>
      <span tabIndex={0}>{children}</span>
    </Tooltip>
  );
}

/** Previous, Save draft and the main action, kept in sight at the bottom of the screen. */
export function WizardFooter(props: WizardFooterProps) {
  const { t } = useTranslation();
  const { action, actionBlocked, onAction, onPrevious, saveLabel, saveBlocked, onSave, pending } = props;
  const finishing = action !== 'continue';
  const phone = useIsPhone();
  return (
    <div className={classes.footer} data-testid="wizard-footer">
      <Group justify="space-between" gap="sm" wrap="nowrap">
        {!onPrevious ? (
          <span />
        ) : phone ? (
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('trainingWizard.footer.previous')}
            onClick={onPrevious}
          >
            <IconArrowLeft size={18} />
          </ActionIcon>
        ) : (
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onPrevious}>
            {t('trainingWizard.footer.previous')}
          </Button>
        )}
        <Group gap="xs" justify="flex-end">
          <WithReason reason={saveBlocked}>
            <Button
              variant="subtle"
              leftSection={<IconDeviceFloppy size={16} />}
              onClick={onSave}
              loading={pending === 'save'}
              disabled={saveBlocked !== null || pending === 'action'}
              data-testid="save-draft"
            >
              {t(`trainingWizard.footer.save.${saveLabel}`)}
            </Button>
          </WithReason>
          <WithReason reason={actionBlocked}>
            <Button
              rightSection={finishing ? <IconRocket size={16} /> : <IconArrowRight size={16} />}
              onClick={onAction}
              loading={pending === 'action'}
              disabled={actionBlocked !== null || pending === 'save'}
              data-testid="wizard-action"
            >
              {t(`trainingWizard.footer.${action}`)}
            </Button>
          </WithReason>
        </Group>
      </Group>
    </div>
  );
}
