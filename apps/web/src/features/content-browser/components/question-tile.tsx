import { Badge, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconClock, IconLock } from '@tabler/icons-react';
import type { QuestionSummary } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { TileTitleButton } from '../../../components/tile-title-button.tsx';
import tile from '../../../components/tile.module.css';

function minutes(seconds: number): number {
  return Math.max(1, Math.round(seconds / 60));
}

/** A risk assessment scenario: its area, name and what it measures. */
export function QuestionTile({ question, onOpen }: { question: QuestionSummary; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Card className={tile.tile} padding="md" data-testid="question-tile">
      <Stack gap={8}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Badge variant="light" size="sm">
            {question.areaName}
          </Badge>
          <Text size="xs" c="dimmed" ff="monospace">
            #{question.number}
          </Text>
        </Group>
        <TileTitleButton onClick={onOpen}>{question.name}</TileTitleButton>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {question.adminDescription}
        </Text>
        <Group gap="xs" mt="auto">
          <Badge variant="default" size="sm" leftSection={<IconClock size={12} />}>
            {t('contentBrowser.minutes', { count: minutes(question.duration) })}
          </Badge>
          {question.disabled && (
            <Badge color="yellow" variant="light" size="sm" leftSection={<IconLock size={12} />}>
              {t('contentBrowser.locked')}
            </Badge>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

export function TileSkeleton({ image }: { image?: boolean }) {
  return (
    <Card padding={image ? 0 : 'md'}>
      {image && <Skeleton style={{ aspectRatio: '4 / 3' }} h="auto" radius={0} />}
      <Stack gap={8} p={image ? 'md' : 0}>
        <Skeleton h={12} w="40%" />
        <Skeleton h={14} w="85%" />
        <Skeleton h={10} w="95%" />
      </Stack>
    </Card>
  );
}
