import { Alert, Group, Image, Radio, Stack, Text } from '@mantine/core';
import { IconQuestionMark } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isKnownBlock, withItemAnswer, type AnyBlock, type BlockAnswer } from '../../question-blocks.ts';

interface QuestionBlockViewProps {
  block: AnyBlock;
  /** The block's place in the question, for unique field names. */
  index: number;
  answer: BlockAnswer | undefined;
  onAnswer: (answer: BlockAnswer) => void;
}

/** One block of a question as the employee sees it: a scenario, an image or a question to answer. */
export function QuestionBlockView({ block, index, answer, onAnswer }: QuestionBlockViewProps) {
  const { t } = useTranslation();
  if (!isKnownBlock(block)) {
    return (
      <Alert color="orange" variant="light" icon={<IconQuestionMark />} data-testid="unknown-block">
        {t('questionPreview.unknownBlock')}
      </Alert>
    );
  }
  switch (block.type) {
    case 'scenario':
      return (
        <Text size="md" lh={1.65} style={{ whiteSpace: 'pre-line' }}>
          {block.text}
        </Text>
      );
    case 'image':
      return <Image src={block.src} alt={block.alt} radius="md" mah={420} fit="contain" loading="lazy" />;
    case 'multiple-choice':
      return (
        <Radio.Group
          name={`block-${index}`}
          label={block.question}
          value={typeof answer === 'number' ? String(answer) : null}
          onChange={(value) => onAnswer(Number(value))}
          styles={{ label: { fontSize: 'var(--mantine-font-size-md)', fontWeight: 600, marginBottom: 8 } }}
        >
          <Stack gap="xs">
            {block.options.map((option, i) => (
              <Radio.Card key={i} value={String(i)} p="sm" radius="md">
                <Group wrap="nowrap" align="flex-start">
                  <Radio.Indicator />
                  <Text size="sm">{option.label}</Text>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'yes-no-list':
      return (
        <Stack gap="sm">
          <Text fw={600}>{block.question}</Text>
          {block.items.map((item, i) => {
            const value = Array.isArray(answer) ? answer[i] : null;
            return (
              <Radio.Group
                key={i}
                name={`block-${index}-item-${i}`}
                label={item.text}
                value={value === true ? 'yes' : value === false ? 'no' : null}
                onChange={(next) => onAnswer(withItemAnswer(answer, block.items.length, i, next === 'yes'))}
                styles={{ label: { fontWeight: 500 } }}
              >
                <Group gap="lg" mt={4}>
                  <Radio value="yes" label={t('questionPreview.yes')} />
                  <Radio value="no" label={t('questionPreview.no')} />
                </Group>
              </Radio.Group>
            );
          })}
        </Stack>
      );
  }
}
