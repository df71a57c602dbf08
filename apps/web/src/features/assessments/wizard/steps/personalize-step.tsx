import { Card, Group, SimpleGrid, Skeleton, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { personalize, PERSONALIZED_KEYS, type PreviewBlock } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StepSection } from '../../../campaigns/index.ts';
import { useQuestionDetail } from '../../api/assessments-api.ts';
import { translateAssessmentMessage } from '../../assessment-messages.ts';
import type { StepProps } from '../step-props.ts';
import { personalizeProblems, type PersonalizeValues } from '../wizard-state.ts';

const FIELDS: { key: keyof PersonalizeValues; placeholder: string; type?: string }[] = [
  { key: 'companyName', placeholder: 'Acme Ltd' },
  { key: 'companyDomain', placeholder: 'acme.com' },
  { key: 'emailHR', placeholder: 'hr@acme.com', type: 'email' },
];

const KEY_PATTERN = new RegExp(PERSONALIZED_KEYS.map((k) => `\\{${k}\\}`).join('|'));

/** The text of a question to show personalised: a block that uses a key, else its first text. */
function sampleText(blocks: readonly PreviewBlock[]): string {
  const texts = blocks.flatMap((b) =>
    b.type === 'scenario' ? [b.text] : b.type === 'image' ? [] : [b.question],
  );
  return texts.find((text) => KEY_PATTERN.test(text)) ?? texts[0] ?? '';
}

/** Step 3: the company's name, domain and HR address the questions use (spec 2 §5), with a preview. */
export function PersonalizeStep({ company, draft, dispatch }: StepProps) {
  const { t, i18n } = useTranslation();
  const [touched, setTouched] = useState<Partial<Record<keyof PersonalizeValues, boolean>>>({});
  const problems = personalizeProblems(draft.personalize);
  const sample = useQuestionDetail(company.company_id, draft.questions[0]?.id, i18n.language);
  const preview = sample.data ? personalize(sampleText(sample.data.blocks), draft.personalize) : null;

  return (
    <StepSection
      title={t('assessments.wizard.personalize.title')}
      description={t('assessments.wizard.personalize.description')}
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Card data-testid="personalize-form">
          <Stack gap="md">
            {FIELDS.map(({ key, placeholder, type }) => {
              const problem = problems[key];
              return (
                <TextInput
                  key={key}
                  type={type}
                  label={t(`assessments.wizard.personalize.${key}`)}
                  placeholder={placeholder}
                  value={draft.personalize[key]}
                  onChange={(event) =>
                    dispatch({ type: 'personalize', patch: { [key]: event.currentTarget.value } })
                  }
                  onBlur={() => setTouched((current) => ({ ...current, [key]: true }))}
                  error={touched[key] && problem ? translateAssessmentMessage(t, problem) : null}
                  required
                  data-testid={`personalize-${key}`}
                />
              );
            })}
          </Stack>
        </Card>
        <Card withBorder bg="var(--mantine-color-default-hover)">
          <Group gap="xs" mb="sm">
            <ThemeIcon variant="light" size="sm">
              <IconEye size={14} />
            </ThemeIcon>
            <Title order={3} fz="sm">
              {t('assessments.wizard.personalize.preview')}
            </Title>
          </Group>
          {sample.isPending && draft.questions.length > 0 ? (
            <Skeleton h={80} />
          ) : (
            <Stack gap={4}>
              {draft.questions[0] && (
                <Text size="xs" c="dimmed">
                  {draft.questions[0].name}
                </Text>
              )}
              <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="personalize-preview">
                {preview || t('assessments.wizard.personalize.noPreview')}
              </Text>
            </Stack>
          )}
        </Card>
      </SimpleGrid>
    </StepSection>
  );
}
