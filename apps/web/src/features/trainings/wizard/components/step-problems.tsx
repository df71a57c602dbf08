import { useTranslation } from 'react-i18next';
import { StepProblems as CampaignStepProblems } from '../../../campaigns/index.ts';
import { translateTrainingMessage } from '../wizard-messages.ts';

/** The last save's problems on a training step, read with the training wizard's own texts. */
export function StepProblems({ problems }: { problems: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <CampaignStepProblems problems={problems} translate={(message) => translateTrainingMessage(t, message)} />
  );
}
