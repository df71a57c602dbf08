import { Button, Tooltip } from '@mantine/core';
import { IconPackage, IconPlus } from '@tabler/icons-react';
import { TRAINING_MESSAGES, type Company, isCmi5Enabled } from '@vigil/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateMessage } from '../../../lib/translate-message.ts';
import { TRAINING_PATHS } from '../training-paths.ts';

interface CreateButtonProps {
  to: string;
  icon: ReactNode;
  label: string;
  /** Why the button cannot be used, shown on hover; null when it can. */
  blocked: string | null;
  variant?: string;
}

function CreateButton({ to, icon, label, blocked, variant }: CreateButtonProps) {
  if (!blocked)
    return (
      <Button component={Link} to={to} leftSection={icon} variant={variant}>
        {label}
      </Button>
    );
  // A disabled button gets no pointer events; data-disabled keeps the tooltip working.
  return (
    <Tooltip label={blocked} withArrow>
      <Button data-disabled leftSection={icon} variant={variant} onClick={(event) => event.preventDefault()}>
        {label}
      </Button>
    </Tooltip>
  );
}

/**
 * "New training program", and "SCORM package" when cmi5 is on (spec 2 §6). Shown to admins; without a
 * licence able to create trainings both are disabled with "No license available".
 */
export function CreateTrainingButtons({ company }: { company: Company }) {
  const { t } = useTranslation();
  const blocked = company.canCreateTraining ? null : translateMessage(t, TRAINING_MESSAGES.noLicense);
  return (
    <>
      {isCmi5Enabled(company) && (
        <CreateButton
          to={TRAINING_PATHS.createScorm}
          icon={<IconPackage size={18} />}
          label={t('trainings.list.newScorm')}
          blocked={blocked}
          variant="default"
        />
      )}
      <CreateButton
        to={TRAINING_PATHS.create}
        icon={<IconPlus size={18} />}
        label={t('trainings.list.new')}
        blocked={blocked}
      />
    </>
  );
}
