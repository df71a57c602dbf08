import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconRefresh, IconX } from '@tabler/icons-react';
import type { SubjectDetail } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answerEventCode, shuffledAnswers } from '../quiz.ts';

interface SubjectQuizProps {
  questions: SubjectDetail['questions'];
  onEvent: (code: number) => void;
}

const shuffleAll = (questions: SubjectDetail['questions']) => questions.map((q) => shuffledAnswers(q));

/** The subject's quiz: answers in random order; a choice records 5 or 6 and shows whether it was right. */
export function SubjectQuiz({ questions, onEvent }: SubjectQuizProps) {
  const { t } = useTranslation();
  const [quiz, setQuiz] = useState(() => ({ questions, answers: shuffleAll(questions) }));
  const [chosen, setChosen] = useState<Record<number, number>>({});
  // Questions in another language start the quiz afresh (the same questions keep their answers).
  if (quiz.questions !== questions) {
    setQuiz({ questions, answers: shuffleAll(questions) });
    setChosen({});
  }
  const { answers } = quiz;
  const answeredCount = Object.keys(chosen).length;
  const rightCount = Object.entries(chosen).filter(([q, a]) => answers[Number(q)]?.[a]?.correct).length;

  const choose = (question: number, answer: number) => {
    if (chosen[question] !== undefined) return;
    setChosen({ ...chosen, [question]: answer });
    onEvent(answerEventCode(answers[question]?.[answer]?.correct ?? false));
  };
  const restart = () => {
    setQuiz({ questions, answers: shuffleAll(questions) });
    setChosen({});
  };

  return (
    <Stack gap="xl" data-testid="subject-quiz">
      {questions.map((question, q) => {
        const picked = chosen[q];
        const answered = picked !== undefined;
        const right = answered && answers[q]?.[picked]?.correct;
        return (
          <Stack key={q} gap="sm" role="group" aria-labelledby={`quiz-q-${q}`}>
            <Text fw={600} id={`quiz-q-${q}`}>
              {q + 1}. {question.question}
            </Text>
            <Stack gap={8}>
              {answers[q]?.map((answer, a) => {
                const isPicked = picked === a;
                const color = !answered ? 'gray' : answer.correct ? 'green' : isPicked ? 'red' : 'gray';
                return (
                  <Button
                    key={a}
                    variant={answered && (answer.correct || isPicked) ? 'light' : 'default'}
                    color={color}
                    justify="flex-start"
                    h="auto"
                    py={10}
                    styles={{ label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.4 } }}
                    aria-pressed={isPicked}
                    // Answered questions keep their buttons readable rather than disabled.
                    aria-disabled={answered || undefined}
                    onClick={() => choose(q, a)}
                    rightSection={
                      answered && answer.correct ? (
                        <IconCheck size={16} aria-label={t('catalog.quiz.correctAnswer')} />
                      ) : answered && isPicked ? (
                        <IconX size={16} aria-hidden />
                      ) : null
                    }
                  >
                    {answer.text}
                  </Button>
                );
              })}
            </Stack>
            {answered && (
              <Text size="sm" fw={600} c={right ? 'green' : 'red'} role="status">
                {right ? t('catalog.quiz.right') : t('catalog.quiz.wrong')}
              </Text>
            )}
          </Stack>
        );
      })}
      {answeredCount > 0 && (
        <Group justify="space-between">
          <Badge size="lg" variant="light" color={rightCount === questions.length ? 'green' : 'gray'}>
            {t('catalog.quiz.score', { right: rightCount, total: questions.length })}
          </Badge>
          <Button variant="subtle" size="xs" leftSection={<IconRefresh size={16} />} onClick={restart}>
            {t('catalog.quiz.restart')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
