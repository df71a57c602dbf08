import { ActionIcon, CopyButton, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { ASSESSMENT_MESSAGES, ASSESSMENT_SCHEDULE_TYPES, assessmentNameOrDefault } from '@vigil/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StartedCard } from '../../../campaigns/index.ts';
import { formatDateTime } from '../../../../lib/format-date.ts';
import { useAssessment } from '../../api/assessments-api.ts';
import { ASSESSMENT_PATHS } from '../../assessment-paths.ts';
import { translateAssessmentMessage } from '../../assessment-messages.ts';
import type { AssessmentDraft } from '../wizard-state.ts';

/** The manual schedule's access link (spec 2 §7), as the server made it, with a copy button. */
function AccessLink({ id }: { id: string }) {
  const { t } = useTranslation();
  const link = useAssessment(id).data?.accessLink;
  if (!link) return null;
  return (
    <Stack gap={4} w="100%" ta="left" data-testid="access-link">
      <Text size="sm" fw={500}>
        {t('assessments.wizard.start.accessLink')}
      </Text>
      <TextInput
        readOnly
        value={link}
        onFocus={(event) => event.currentTarget.select()}
        rightSection={
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Tooltip
                label={copied ? t('assessments.wizard.start.copied') : t('assessments.wizard.start.copy')}
              >
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  onClick={copy}
                  aria-label={t('assessments.wizard.start.copy')}
                >
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        }
      />
    </Stack>
  );
}

/** Step 8: the assessment has started (or was updated); what happens next and the way to it. */
export function StartStep({
  draft,
  updated,
  packageReady,
}: {
  draft: AssessmentDraft;
  updated: boolean;
  /** A SCORM assessment's package downloads. */
  packageReady?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const name = assessmentNameOrDefault(draft.name);
  const id = draft.id ?? '';
  const verb = translateAssessmentMessage(
    t,
    updated ? ASSESSMENT_MESSAGES.updatedNow : ASSESSMENT_MESSAGES.startedNow,
  );
  return (
    <StartedCard
      testId="assessment-started"
      title={t(updated ? 'assessments.wizard.start.updated' : 'assessments.wizard.start.started', {
        name,
        verb,
      })}
      listPath={ASSESSMENT_PATHS.list}
      toListLabel={t('assessments.wizard.start.toList')}
      overviewPath={ASSESSMENT_PATHS.view({ id, isScorm: draft.isScorm })}
      toOverviewLabel={t('assessments.wizard.start.toOverview')}
    >
      {!draft.isScorm && draft.scheduleType === ASSESSMENT_SCHEDULE_TYPES.date && draft.date && (
        <Text c="dimmed">
          {t('assessments.messages.invitationOn', { date: formatDateTime(draft.date, i18n.language) })}
        </Text>
      )}
      {!draft.isScorm && draft.scheduleType === ASSESSMENT_SCHEDULE_TYPES.now && (
        <Text c="dimmed">{t('assessments.wizard.start.now')}</Text>
      )}
      {draft.scheduleType === ASSESSMENT_SCHEDULE_TYPES.manual && id && <AccessLink id={id} />}
      {draft.isScorm && packageReady}
    </StartedCard>
  );
}
