import { Badge, Button, Group, List, Popover, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { QuestionSummary } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../catalog-filter.ts';

const DIFFICULTY_KEYS: Record<number, string> = {
  1: 'questionPreview.difficulty.easy',
  2: 'questionPreview.difficulty.medium',
  3: 'questionPreview.difficulty.hard',
};

/** What an admin wants to know about a question: what it measures, how hard and long it is. */
export function QuestionDetailsPopover({ question }: { question: QuestionSummary }) {
  const { t } = useTranslation();
  return (
    <Popover width={340} position="bottom-end" shadow="md" withArrow>
      <Popover.Target>
        <Button variant="default" size="xs" leftSection={<IconInfoCircle size={16} />}>
          {t('questionPreview.details')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm" data-testid="question-details">
          <Text size="sm">{question.adminDescription}</Text>
          <Group gap="xs">
            <Badge variant="light" color="gray">
              {t('questionPreview.difficultyLabel', {
                difficulty: t(DIFFICULTY_KEYS[question.difficulty] ?? 'questionPreview.difficulty.medium'),
              })}
            </Badge>
            <Badge variant="light" color="gray">
              {t('questionPreview.durationLabel', { duration: formatDuration(question.duration) })}
            </Badge>
          </Group>
          {question.behaviours.length > 0 && (
            <div>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={4}>
                {t('questionPreview.behaviours')}
              </Text>
              <List size="sm" spacing={4}>
                {question.behaviours.map((b) => (
                  <List.Item key={b.code}>
                    {b.name}{' '}
                    <Text span size="xs" c="dimmed" ff="monospace">
                      {b.code}
                    </Text>
                  </List.Item>
                ))}
              </List>
            </div>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
