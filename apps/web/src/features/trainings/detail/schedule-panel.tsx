import { Badge, Card, Group, ScrollArea, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBell, IconSend } from '@tabler/icons-react';
import { TRAINING_LIMITS, truncate, type TrainingEventView, type TrainingView } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date.ts';

const STATUS_COLORS: Record<TrainingEventView['status'], string> = {
  scheduled: 'blue',
  sending: 'yellow',
  sent: 'green',
  cancelled: 'gray',
};

/** The program's deliveries and reminders in date order: date, subjects (cut at 16) and status. */
export function SchedulePanel({ training }: { training: TrainingView }) {
  const { t, i18n } = useTranslation();
  const titles = new Map(training.subjects.map((subject) => [subject.id, subject.title]));
  const events = [...training.events].sort((a, b) => a.date.localeCompare(b.date));
  return (
    <Card h="100%" data-testid="schedule-panel">
      <Title order={2} fz="md" mb="sm">
        {t('trainings.detail.schedule')}
      </Title>
      {events.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(training.isScorm ? 'trainings.detail.scheduleScorm' : 'trainings.detail.scheduleEmpty')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={300} type="auto" offsetScrollbars viewportProps={{ tabIndex: 0 }}>
          <Stack gap="sm">
            {events.map((event) => {
              const reminder = event.type === 2;
              const subjects = event.subjects.map((id) =>
                truncate(titles.get(id) ?? id, TRAINING_LIMITS.nameInEvent),
              );
              return (
                <Group key={event.id} wrap="nowrap" align="flex-start" gap="sm">
                  <ThemeIcon variant="light" color={reminder ? 'grape' : 'blue'} size="md" radius="xl">
                    {reminder ? <IconBell size={14} /> : <IconSend size={14} />}
                  </ThemeIcon>
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text size="sm" fw={600}>
                        {formatDateTime(event.date, i18n.language)}
                      </Text>
                      <Badge size="xs" variant="light" color={STATUS_COLORS[event.status]} tt="none">
                        {t(`trainings.detail.eventStatus.${event.status}`)}
                      </Badge>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {reminder
                        ? t('trainings.detail.reminder')
                        : subjects.join(', ') || t('trainings.detail.delivery')}
                    </Text>
                  </Stack>
                </Group>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Card>
  );
}
