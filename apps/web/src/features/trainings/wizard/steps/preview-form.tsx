import { Alert, Checkbox, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  PREVIEW_TYPES,
  SCHEDULE_TYPES,
  TRAINING_MESSAGES,
  trainingNameOrDefault,
  type Company,
} from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../../components/app-messages.ts';
import { useCurrentUser } from '../../../../lib/session/index.ts';
import { useSendTrainingPreview } from '../../api/change-training.ts';
import { SendPreviewButton } from '../../../campaigns/index.ts';
import {
  buildPreviewRequest,
  defaultPreviewType,
  previewTypes,
  type PreviewErrors,
  type PreviewType,
} from '../preview-request.ts';
import { formatDateTime } from '../../../../lib/format-date.ts';
import { translateTrainingError, translateTrainingMessage } from '../wizard-messages.ts';
import { draftBatches, type DraftState } from '../wizard-state.ts';

const TYPE_KEYS: Record<PreviewType, string> = {
  [PREVIEW_TYPES.allTraining]: 'all',
  [PREVIEW_TYPES.specificTraining]: 'specific',
  [PREVIEW_TYPES.other]: 'other',
};

interface PreviewFormProps {
  company: Company;
  draft: DraftState;
  now: Date;
  /** Unavailable subjects block previews (spec 2 §5). */
  blocked: boolean;
}

/** Send a preview of the program to some addresses: all of it, chosen deliveries, or the intro only. */
export function PreviewForm({ company, draft, now, blocked }: PreviewFormProps) {
  const { t, i18n } = useTranslation();
  const send = useSendTrainingPreview(company.company_id);
  const ownEmail = useCurrentUser().data?.email ?? '';
  const [recipients, setRecipients] = useState(ownEmail);
  const [type, setType] = useState<PreviewType | null>(() => defaultPreviewType(draft.scheduleType));
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<PreviewErrors>({});
  const batches = draftBatches(draft, now);
  const types = previewTypes(draft.scheduleType);
  const shownType = type !== null && types.includes(type) ? type : null;
  const fieldError = (message: string | undefined) => (message ? translateTrainingMessage(t, message) : null);

  const submit = () => {
    const checked = buildPreviewRequest(
      { recipients, type: shownType, batches: chosen.map(Number) },
      {
        name: trainingNameOrDefault(draft.name),
        batches,
        introEnabled: draft.introEnabled,
        introMessage: draft.introMessage,
      },
    );
    setErrors(checked.errors ?? {});
    if (!checked.request) return;
    const introOnly = checked.request.type === PREVIEW_TYPES.other;
    send.mutate(checked.request, {
      onSuccess: () =>
        showMessage({
          type: 'success',
          message: translateTrainingMessage(
            t,
            introOnly ? TRAINING_MESSAGES.testSent : TRAINING_MESSAGES.previewSent,
          ),
        }),
    });
  };

  return (
    <Stack gap="md" data-testid="preview-form">
      {blocked && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle />}>
          {t('trainingWizard.preview.blocked')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('trainingWizard.preview.recipients')}
          description={t('trainingWizard.preview.recipientsHelp')}
          placeholder="you@example.com, colleague@example.com"
          value={recipients}
          onChange={(event) => setRecipients(event.currentTarget.value)}
          error={fieldError(errors.recipients)}
          required
        />
        <Select
          label={t('trainingWizard.preview.type')}
          description={t('trainingWizard.preview.typeHelp')}
          placeholder={t('trainingWizard.preview.typePlaceholder')}
          data={types.map((value) => ({
            value: String(value),
            label: t(`trainingWizard.preview.types.${TYPE_KEYS[value]}`),
          }))}
          value={shownType === null ? null : String(shownType)}
          onChange={(value) => setType(value === null ? null : (Number(value) as PreviewType))}
          error={fieldError(errors.type)}
          required
        />
      </SimpleGrid>
      {shownType === PREVIEW_TYPES.specificTraining && draft.scheduleType !== SCHEDULE_TYPES.now && (
        <Checkbox.Group
          label={t('trainingWizard.preview.batches')}
          value={chosen}
          onChange={setChosen}
          error={fieldError(errors.batches)}
        >
          <Stack gap={6} mt="xs">
            {batches.map((batch, index) => (
              <Checkbox
                key={batch.date}
                value={String(index)}
                label={t('trainingWizard.preview.batch', {
                  n: index + 1,
                  date: formatDateTime(batch.date, i18n.language),
                  subjects: batch.subjects.length,
                })}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      {send.isError && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle />}
          role="alert"
          data-testid="preview-error"
        >
          {translateTrainingError(t, send.error)}
        </Alert>
      )}
      <Group>
        <SendPreviewButton
          label={t('trainingWizard.preview.send')}
          onClick={submit}
          sending={send.isPending}
          disabled={blocked || recipients.trim() === ''}
        />
      </Group>
    </Stack>
  );
}
