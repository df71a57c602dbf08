import { Alert, Badge, Group, Radio, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { ASSESSMENT_MESSAGES } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../components/load-error.tsx';
import { StepSection } from '../../../campaigns/index.ts';
import { useAssessmentTemplates } from '../../api/assessments-api.ts';
import { translateAssessmentMessage } from '../../assessment-messages.ts';
import type { StepProps } from '../step-props.ts';
import { isRunning, type WizardQuestion } from '../wizard-state.ts';

interface GoalStepProps extends StepProps {
  questionsById: ReadonlyMap<string, WizardQuestion> | undefined;
}

/** Step 1: an assessment template; choosing one selects its questions (spec 2 §2, §4). */
export function GoalStep({ company, draft, dispatch, questionsById }: GoalStepProps) {
  const { t, i18n } = useTranslation();
  const templates = useAssessmentTemplates(company.company_id, i18n.language);
  const locked = isRunning(draft);
  const questionsOf = (ids: readonly string[]) =>
    ids.map((id) => questionsById?.get(id)).filter((q): q is WizardQuestion => q !== undefined);

  return (
    <StepSection
      title={t('assessments.wizard.goal.title')}
      description={t('assessments.wizard.goal.description')}
    >
      {locked && (
        <Alert color="blue" variant="light" icon={<IconLock />}>
          {translateAssessmentMessage(t, ASSESSMENT_MESSAGES.lockedWhenActive)}
        </Alert>
      )}
      {templates.isError ? (
        <LoadError error={templates.error} onRetry={() => void templates.refetch()} />
      ) : !templates.data || !questionsById ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={150} radius="md" />
          ))}
        </SimpleGrid>
      ) : templates.data.length === 0 ? (
        <Text c="dimmed">{t('assessments.wizard.goal.none')}</Text>
      ) : (
        <Radio.Group
          value={draft.templateId}
          onChange={(id) => {
            const template = templates.data.find((candidate) => candidate.id === id);
            if (template)
              dispatch({ type: 'chooseTemplate', templateId: id, questions: questionsOf(template.items) });
          }}
          aria-label={t('assessments.wizard.goal.title')}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="assessment-templates">
            {templates.data.map((template) => {
              const questions = questionsOf(template.items);
              const unavailable = questions.filter((q) => q.unavailable).length;
              const areas = [...new Set(questions.map((q) => q.areaName))];
              return (
                <Radio.Card
                  key={template.id}
                  value={template.id}
                  p="md"
                  radius="md"
                  disabled={locked}
                  h="100%"
                >
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Radio.Indicator mt={3} />
                    <Stack gap={6} style={{ flex: 1 }}>
                      <Group justify="space-between" gap="xs" wrap="nowrap">
                        <Text fw={600}>{template.name}</Text>
                        {draft.templateId === template.id && draft.templateCustomized && (
                          <Badge size="xs" variant="light" color="grape">
                            {t('assessments.wizard.goal.customized')}
                          </Badge>
                        )}
                      </Group>
                      <Text size="sm" c="dimmed" lineClamp={3}>
                        {template.description}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('assessments.wizard.goal.questions', { n: template.items.length })}
                        {template.verboseDuration ? ` · ${template.verboseDuration}` : ''}
                      </Text>
                      {areas.length > 0 && (
                        <Group gap={4}>
                          {areas.map((area) => (
                            <Badge key={area} size="xs" variant="default" tt="none">
                              {area}
                            </Badge>
                          ))}
                        </Group>
                      )}
                      {unavailable > 0 && (
                        <Text size="xs" c="orange">
                          <IconAlertTriangle size={12} />{' '}
                          {t('assessments.wizard.templateUnavailable', {
                            x: unavailable,
                            y: questions.length,
                          })}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                </Radio.Card>
              );
            })}
          </SimpleGrid>
        </Radio.Group>
      )}
    </StepSection>
  );
}
