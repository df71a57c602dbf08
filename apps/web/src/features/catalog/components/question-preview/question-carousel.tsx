import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  isBlockCompleted,
  type AnyBlock,
  type BlockAnswer,
  type BlockAnswers,
} from '../../question-blocks.ts';
import { QuestionBlockView } from './question-block-view.tsx';
import classes from './question-preview.module.css';

interface QuestionCarouselProps {
  blocks: AnyBlock[];
  index: number;
  answers: BlockAnswers;
  onAnswer: (answer: BlockAnswer) => void;
}

/** The question's blocks one at a time, with a dot per block that shows which are completed. */
export function QuestionCarousel({ blocks, index, answers, onAnswer }: QuestionCarouselProps) {
  const { t } = useTranslation();
  const block = blocks[index];
  const position = t('questionPreview.blockPosition', { current: index + 1, total: blocks.length });
  return (
    <section aria-roledescription={t('questionPreview.carousel')} aria-label={t('questionPreview.blocks')}>
      <Group justify="space-between" mb="md">
        <Text size="xs" c="dimmed" fw={600}>
          {position}
        </Text>
        <div className={classes.dots} aria-hidden>
          {blocks.map((b, i) => (
            <span
              key={i}
              className={classes.dot}
              data-completed={isBlockCompleted(b, answers[i]) || undefined}
              data-current={i === index || undefined}
            />
          ))}
        </div>
      </Group>
      {block && (
        <div
          key={index}
          className={classes.block}
          role="group"
          aria-roledescription={t('questionPreview.block')}
          aria-label={position}
          data-testid="question-block"
        >
          <QuestionBlockView block={block} index={index} answer={answers[index]} onAnswer={onAnswer} />
        </div>
      )}
    </section>
  );
}
