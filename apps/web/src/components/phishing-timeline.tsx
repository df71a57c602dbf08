import { Badge, Group, Text, Timeline } from '@mantine/core';
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
