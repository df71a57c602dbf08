import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconArrowDown,
  IconArrowUp,
  IconLock,
  IconPlus,
  IconTrash,
  type Icon,
} from '@tabler/icons-react';
import { ASSESSMENT_LIMITS, ASSESSMENT_MESSAGES, isUpgradeAllowed, truncate } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../../lib/paths.ts';
import { supportEmail } from '../../../../lib/support-contact.ts';
import { StepSection } from '../../../campaigns/index.ts';
import type { ThreatAreaDefinition } from '../../api/assessments-api.ts';
import { translateAssessmentMessage } from '../../assessment-messages.ts';
import { coverageOf } from '../question-filter.ts';
import type { StepProps } from '../step-props.ts';
import {
  flagsUncoveredBehaviours,
  isRunning,
  unavailableCount,
  type WizardQuestion,
} from '../wizard-state.ts';
import { AddQuestionsModal } from './add-questions-modal.tsx';
import { QuestionTags } from './question-tags.tsx';

interface QuestionsStepProps extends StepProps {
  catalog: readonly WizardQuestion[] | undefined;
  areas: readonly ThreatAreaDefinition[] | undefined;
}

/** "x/y selected questions are unavailable in your plan", with the way to upgrade (spec 2 §5). */
export function UnavailableQuestions({ draft, company }: Pick<StepProps, 'draft' | 'company'>) {
  const { t } = useTranslation();
  const x = unavailableCount(draft);
  if (x === 0) return null;
  const email = supportEmail(company);
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle />} data-testid="unavailable-questions">
      <Group gap="xs">
        <Text size="sm">
          {translateAssessmentMessage(t, ASSESSMENT_MESSAGES.unavailable(x, draft.questions.length))}
        </Text>
        {isUpgradeAllowed(company) ? (
          <Anchor component={Link} to={PATHS.upgrade} size="sm" fw={600}>
            {t('assessments.locked.upgrade')}
          </Anchor>
        ) : (
          <Anchor href={`mailto:${email}`} size="sm" fw={600}>
            {t('assessments.locked.contact')}
          </Anchor>
        )}
      </Group>
    </Alert>
  );
}

/**
 * Key-behaviour coverage of the threat areas the selection touches; uncovered ones are flagged once
 * the questions are the manager's own choice.
 */
function Coverage({
  questions,
  areas,
  flagUncovered,
}: {
  questions: readonly WizardQuestion[];
  areas: readonly ThreatAreaDefinition[];
  flagUncovered: boolean;
}) {
  const { t } = useTranslation();
  const coverage = coverageOf(questions, areas);
  if (coverage.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="coverage">
      <Title order={3} fz="md">
        {t('assessments.wizard.content.coverage')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {coverage.map((area) => (
          <Card key={area.id} withBorder padding="md">
            <Text fw={600} mb="xs">
              {area.name}
            </Text>
            <Stack gap="sm">
              {area.behaviours.map((b) => (
                <Stack key={b.code} gap={4}>
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm">{b.name}</Text>
                    <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                      {b.coverage}%
                    </Text>
                  </Group>
                  <Progress
                    value={b.coverage}
                    color={b.covered ? 'teal' : flagUncovered ? 'orange' : 'blue'}
                    size="sm"
                    aria-label={b.name}
                  />
                  {!b.covered && flagUncovered && (
                    <Text size="xs" c="orange.8">
                      {translateAssessmentMessage(t, ASSESSMENT_MESSAGES.notCovered)}
                    </Text>
                  )}
                </Stack>
              ))}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

interface RowActionProps {
  label: string;
  icon: Icon;
  color?: string;
  disabled?: boolean;
  onClick: () => void;
}

/** A selected question's move or remove button, named by its tooltip. */
function RowAction({ label, icon: ActionIconShape, color = 'gray', disabled, onClick }: RowActionProps) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={color} disabled={disabled} aria-label={label} onClick={onClick}>
        <ActionIconShape size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

/** Step 2: the selected questions in order — remove, reorder, add; coverage and plan warnings. */
export function QuestionsStep({ company, draft, dispatch, catalog, areas }: QuestionsStepProps) {
  const { t } = useTranslation();
  const [adding, addModal] = useDisclosure(false);
  const locked = isRunning(draft);
  const count = draft.questions.length;
  return (
    <StepSection
      title={t('assessments.wizard.content.title')}
      description={t('assessments.wizard.content.description')}
      actions={
        !locked && (
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={addModal.open}
            disabled={!catalog}
          >
            {t('assessments.wizard.content.add')}
          </Button>
        )
      }
    >
      {locked && (
        <Alert color="blue" variant="light" icon={<IconLock />}>
          {translateAssessmentMessage(t, ASSESSMENT_MESSAGES.lockedWhenActive)}
        </Alert>
      )}
      <UnavailableQuestions draft={draft} company={company} />
      <Card p={0} data-testid="selected-questions">
        {count === 0 ? (
          <Text c="dimmed" size="sm" ta="center" p="lg">
            {t('assessments.wizard.content.empty')}
          </Text>
        ) : (
          draft.questions.map((q, index) => (
            <Group
              key={q.id}
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              px="md"
              py="sm"
              style={{ borderTop: index > 0 ? '1px solid var(--mantine-color-default-border)' : undefined }}
            >
              <Group gap="sm" wrap="nowrap" miw={0}>
                <Badge variant="light" circle size="lg">
                  {index + 1}
                </Badge>
                <Stack gap={2} miw={0}>
                  <Text size="sm" fw={500} title={q.name} c={q.unavailable ? 'dimmed' : undefined}>
                    {truncate(q.name, ASSESSMENT_LIMITS.questionNameInList)}
                  </Text>
                  <Group gap={4}>
                    <QuestionTags question={q} />
                  </Group>
                </Stack>
              </Group>
              {!locked && (
                <Group gap={2} wrap="nowrap">
                  <RowAction
                    label={t('assessments.wizard.content.up')}
                    icon={IconArrowUp}
                    disabled={index === 0}
                    onClick={() => dispatch({ type: 'moveQuestion', from: index, to: index - 1 })}
                  />
                  <RowAction
                    label={t('assessments.wizard.content.down')}
                    icon={IconArrowDown}
                    disabled={index === count - 1}
                    onClick={() => dispatch({ type: 'moveQuestion', from: index, to: index + 1 })}
                  />
                  <RowAction
                    label={t('assessments.wizard.content.remove')}
                    icon={IconTrash}
                    color="red"
                    onClick={() => dispatch({ type: 'removeQuestion', id: q.id })}
                  />
                </Group>
              )}
            </Group>
          ))
        )}
      </Card>
      {areas ? (
        <Coverage questions={draft.questions} areas={areas} flagUncovered={flagsUncoveredBehaviours(draft)} />
      ) : (
        <Skeleton h={120} />
      )}
      {catalog && areas && (
        <AddQuestionsModal
          opened={adding}
          onClose={addModal.close}
          catalog={catalog}
          areas={areas}
          selectedIds={new Set(draft.questions.map((q) => q.id))}
          onAdd={(questions) => {
            dispatch({ type: 'addQuestions', questions });
            addModal.close();
          }}
        />
      )}
    </StepSection>
  );
}
