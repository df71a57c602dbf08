import { Badge, Group, Modal, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  IconAlertTriangle,
  IconClick,
  IconFlag,
  IconKeyboard,
  IconMail,
  IconMailOpened,
  IconRadar,
  type Icon,
} from '@tabler/icons-react';
import type { PhishingTimeline } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format-date.ts';
import { LoadError } from './load-error.tsx';

const EVENT_ICONS: Record<string, Icon> = {
  scheduled: IconMail,
  sent: IconMail,
  delivered: IconMail,
  opened: IconMailOpened,
  clicked: IconClick,
  submitted: IconKeyboard,
  reported: IconFlag,
  scanner: IconRadar,
  bounced: IconAlertTriangle,
};
const EVENT_COLORS: Record<string, string> = {
  clicked: 'red',
  submitted: 'orange',
  reported: 'teal',
  scanner: 'indigo',
  bounced: 'red',
};

/**
 * What happened to one employee's simulated mail, in order; scanner rows with why they are not clicks.
 * Shown by a simulation's employees tab and by the employee's own page.
 */
export function PhishingTimelineEvents({ events }: { events: PhishingTimeline['events'] }) {
  const { t, i18n } = useTranslation();
  return (
    <Timeline bulletSize={26} lineWidth={2} active={events.length}>
      {events.map((event, index) => {
        const EventIcon = EVENT_ICONS[event.type] ?? IconMail;
        return (
          <Timeline.Item
            key={`${event.type}-${event.at}-${index}`}
            color={EVENT_COLORS[event.type] ?? 'gray'}
            bullet={<EventIcon size={14} />}
            title={
              <Group gap={6}>
                <Text size="sm" fw={600}>
                  {t(`phishing.events.${event.type}`, { defaultValue: event.type })}
                </Text>
                {event.unreliable && (
                  <Badge size="xs" variant="light" color="gray" tt="none">
                    {t('phishing.results.unreliable')}
                  </Badge>
                )}
              </Group>
            }
          >
            <Text size="xs" c="dimmed">
              {formatDateTime(event.at, i18n.language)}
            </Text>
            {/* A click confirmed by the landing page may keep the provisional reason: only scanner rows say why. */}
            {event.type === 'scanner' && event.reason && (
              <Text size="xs">
                {t(`phishing.scannerReasons.${event.reason}`, { defaultValue: event.reason })}
              </Text>
            )}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

/**
 * One mail's timeline in a modal (full screen on a phone), open while `title` is not null: its
 * template under the title (after `detail` when given), loading and error states included.
 */
export function PhishingTimelineModal({
  title,
  detail,
  timeline,
  testId,
  onClose,
}: {
  title: string | null;
  detail?: string | undefined;
  timeline: UseQueryResult<PhishingTimeline>;
  testId: string;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal opened={title !== null} onClose={onClose} title={title} size="lg" fullScreen={phone}>
      {timeline.isError ? (
        <LoadError error={timeline.error} onRetry={() => void timeline.refetch()} />
      ) : !timeline.data ? (
        <Skeleton h={240} />
      ) : (
        <Stack gap="md" data-testid={testId}>
          <Text size="sm" c="dimmed">
            {detail ? `${detail} · ${timeline.data.templateName}` : timeline.data.templateName}
          </Text>
          <PhishingTimelineEvents events={timeline.data.events} />
        </Stack>
      )}
    </Modal>
  );
}
