import { Badge, Group, Radio, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBulb, IconPencilPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { LoadError } from '../../../../components/load-error.tsx';
import { useTrainingTemplates, type TrainingTemplate } from '../../api/get-training-templates.ts';
import { StepProblems } from '../components/step-problems.tsx';
import { StepSection } from '../../../campaigns/index.ts';
import type { StepProps } from '../step-props.ts';
import { MESSAGES_SECTION } from '../wizard-messages.ts';
import type { WizardSubject } from '../wizard-state.ts';
import classes from '../wizard.module.css';

/** The radio value of "Start from scratch". */
const BLANK = 'blank';

interface GoalStepProps extends StepProps {
  /** The catalogue's subjects by id; undefined while it loads. */
  subjectsById: ReadonlyMap<string, WizardSubject> | undefined;
}

function TemplateCard({
  template,
  subjectsById,
  customized,
}: {
  template: TrainingTemplate;
  subjectsById: ReadonlyMap<string, WizardSubject> | undefined;
  customized: boolean;
}) {
  const { t } = useTranslation();
  const known = template.items.filter((id) => subjectsById?.has(id));
  const unavailable = known.filter((id) => subjectsById?.get(id)?.unavailable).length;
  return (
    <Radio.Card
      value={template.id}
      className={classes.choiceCard}
      disabled={!subjectsById}
      data-testid="template-card"
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator mt={4} />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={650}>{template.name}</Text>
          <Text size="sm" c="dimmed" lineClamp={3}>
            {template.description}
          </Text>
          <Group gap={6}>
            <Badge variant="light" color="gray" tt="none">
              {t('trainingWizard.goal.subjects', { n: template.items.length })}
            </Badge>
            {template.verboseDuration && (
              <Badge variant="light" color="gray" tt="none">
                {template.verboseDuration}
              </Badge>
            )}
            {template.frequency && !template.verboseDuration && (
              <Badge variant="light" tt="none">
                {t(`trainingWizard.goal.frequency.${template.frequency.interval}`, {
                  n: template.frequency.subjectsPerInterval,
                })}
              </Badge>
            )}
            {customized && (
              <Badge variant="light" color="grape" tt="none">
                {t('trainingWizard.goal.customized')}
              </Badge>
            )}
          </Group>
          {unavailable > 0 && (
            <Text size="xs" c="orange" fw={600}>
              {t(`${MESSAGES_SECTION}.unavailable`, { n: unavailable, m: known.length })}
            </Text>
          )}
          {template.tip && (
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconBulb size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Text size="xs" c="dimmed">
                {template.tip}
              </Text>
            </Group>
          )}
        </Stack>
      </Group>
    </Radio.Card>
  );
}

/** Step 1: a template fills the subjects and suggests a frequency, or the manager starts from scratch. */
export function GoalStep({ company, draft, dispatch, problems, subjectsById }: GoalStepProps) {
  const { t, i18n } = useTranslation();
  const templates = useTrainingTemplates(company.company_id, i18n.language);
  const value = draft.templateChosen ? (draft.templateId ?? BLANK) : null;

  const apply = (id: string) => {
    const template = templates.data?.find((candidate) => candidate.id === id);
    const subjects = template
      ? template.items.flatMap((subjectId) => {
          const subject = subjectsById?.get(subjectId);
          return subject ? [subject] : [];
        })
      : [];
    dispatch({
      type: 'chooseTemplate',
      templateId: template?.id ?? null,
      subjects,
      frequency: template?.frequency ?? null,
    });
  };

  const choose = (id: string) => {
    if (id === value) return;
    // Another template replaces the subjects; the manager's own changes are not dropped unasked.
    if (draft.templateCustomized && draft.subjects.length > 0) {
      openConfirmDialog({
        title: t('trainingWizard.goal.replaceTitle'),
        message: t('trainingWizard.goal.replaceText'),
        confirmLabel: t('trainingWizard.goal.replaceConfirm'),
        cancelLabel: t('actions.cancel'),
        onConfirm: () => apply(id),
      });
      return;
    }
    apply(id);
  };

  return (
    <StepSection title={t('trainingWizard.goal.title')} description={t('trainingWizard.goal.description')}>
      <StepProblems problems={problems} />
      {templates.isError ? (
        <LoadError error={templates.error} onRetry={() => void templates.refetch()} />
      ) : (
        <Radio.Group value={value} onChange={choose} aria-label={t('trainingWizard.goal.title')}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <Radio.Card value={BLANK} className={classes.choiceCard} data-testid="template-blank">
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator mt={4} />
                <Stack gap={6} style={{ flex: 1 }}>
                  <Group gap="xs" wrap="nowrap">
                    <ThemeIcon variant="light" size="sm" aria-hidden>
                      <IconPencilPlus size={14} />
                    </ThemeIcon>
                    <Text fw={650}>{t('trainingWizard.goal.blank')}</Text>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {t('trainingWizard.goal.blankText')}
                  </Text>
                </Stack>
              </Group>
            </Radio.Card>
            {templates.data
              ? templates.data.map((template) => (
                  <TemplateCard
                    key={template.id}
                    template={template}
                    subjectsById={subjectsById}
                    customized={value === template.id && draft.templateCustomized}
                  />
                ))
              : [0, 1, 2, 3, 4].map((i) => <Skeleton key={i} h={180} radius="md" />)}
          </SimpleGrid>
        </Radio.Group>
      )}
    </StepSection>
  );
}
