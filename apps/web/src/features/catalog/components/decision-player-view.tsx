import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowBackUp,
  IconCheck,
  IconCircleCheck,
  IconCircleX,
  IconEye,
  IconRoute,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  choose,
  currentDecision,
  feedbackTable,
  hasEnded,
  outcome,
  resetDecisions,
  startDecisions,
  viewAnswer,
  type DecisionStory,
  type FeedbackRow,
} from '../decision-player.ts';

function FeedbackTable({
  rows,
  caption,
  choiceLabel,
}: {
  rows: FeedbackRow[];
  caption: string;
  choiceLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table verticalSpacing="sm" striped data-testid="decision-feedback">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('catalog.decisions.decision')}</Table.Th>
            <Table.Th>{choiceLabel}</Table.Th>
            <Table.Th>{t('catalog.decisions.correct')}</Table.Th>
            <Table.Th>{t('catalog.decisions.feedback')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            <Table.Tr key={i}>
              <Table.Td>{row.decision}</Table.Td>
              <Table.Td fw={600}>{row.choice}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" c={row.correct ? 'green' : 'red'}>
                  {row.correct ? <IconCheck size={16} aria-hidden /> : <IconX size={16} aria-hidden />}
                  <Text size="sm" fw={600}>
                    {row.correct ? t('catalog.decisions.yes') : t('catalog.decisions.no')}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td>{row.feedback}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface DecisionPlayerProps {
  story: DecisionStory;
  onEvent: (code: number) => void;
}

/**
 * An interactive decision subject (type 3): situation by situation until a choice ends the story,
 * then whether every decision was right and the feedback on each (spec 3 §2.2).
 */
export function DecisionPlayer({ story, onEvent }: DecisionPlayerProps) {
  const { t } = useTranslation();
  const [played, setPlayed] = useState(story);
  const [state, setState] = useState(() => startDecisions(story));
  // The story in another language starts again from its first decision.
  if (played !== story) {
    setPlayed(story);
    setState(startDecisions(story));
  }
  const decision = currentDecision(story, state);
  const ended = hasEnded(state);
  const result = outcome(state.log);

  const pick = (option: number) => {
    const next = choose(story, state, option);
    if (!next) return;
    setState(next.state);
    onEvent(next.eventCode);
  };

  return (
    <Stack gap="md" data-testid="decision-player">
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          {!ended && (
            <Badge variant="light" leftSection={<IconRoute size={12} />}>
              {t('catalog.decisions.step', { number: state.log.length + 1 })}
            </Badge>
          )}
          {state.tried && (
            <Badge variant="light" color="teal" data-testid="decision-tried">
              {t('catalog.decisions.tried')}
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEye size={16} />}
            onClick={() => setState(viewAnswer(story, state))}
            disabled={state.showingAnswer}
          >
            {t('catalog.decisions.viewAnswer')}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconArrowBackUp size={16} />}
            onClick={() => setState(resetDecisions(story, state))}
          >
            {t('catalog.decisions.reset')}
          </Button>
        </Group>
      </Group>

      {decision && (
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} bg="var(--mantine-color-body)">
          <Text size="lg" fw={600} mb="lg" aria-live="polite">
            {decision.situation}
          </Text>
          <Stack gap="sm">
            {decision.options.map((option, i) => (
              <Button
                key={i}
                variant="light"
                size="md"
                justify="flex-start"
                h="auto"
                py="sm"
                styles={{ label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.4 } }}
                onClick={() => pick(i)}
              >
                {option.label}
              </Button>
            ))}
          </Stack>
        </Paper>
      )}

      {state.showingAnswer && (
        <>
          <Alert color="blue" variant="light" icon={<IconEye />} title={t('catalog.decisions.answerTitle')}>
            {t('catalog.decisions.answerText')}
          </Alert>
          <FeedbackTable
            rows={feedbackTable(story, state.log)}
            caption={t('catalog.decisions.answerCaption')}
            choiceLabel={t('catalog.decisions.correctChoice')}
          />
        </>
      )}

      {ended && !state.showingAnswer && (
        <>
          <Alert
            color={result === 'correct' ? 'green' : 'red'}
            variant="light"
            data-testid="decision-outcome"
            data-outcome={result}
            icon={
              <ThemeIcon color={result === 'correct' ? 'green' : 'red'} variant="transparent">
                {result === 'correct' ? <IconCircleCheck /> : <IconCircleX />}
              </ThemeIcon>
            }
            title={
              <Title order={3} fz="md">
                {t(
                  result === 'correct' ? 'catalog.decisions.answeredCorrect' : 'catalog.decisions.incorrect',
                )}
              </Title>
            }
          >
            {t(result === 'correct' ? 'catalog.decisions.correctText' : 'catalog.decisions.incorrectText')}
          </Alert>
          <FeedbackTable
            rows={feedbackTable(story, state.log)}
            caption={t('catalog.decisions.feedbackCaption')}
            choiceLabel={t('catalog.decisions.yourChoice')}
          />
        </>
      )}
    </Stack>
  );
}
