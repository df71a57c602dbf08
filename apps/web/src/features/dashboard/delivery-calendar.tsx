import {
  Badge,
  Box,
  Divider,
  Group,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { Calendar } from '@mantine/dates';
import { IconCalendarOff, IconChecklist, IconSchool } from '@tabler/icons-react';
import { DASHBOARD_LIMITS, truncate, type CalendarEvent } from '@vigil/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DatesLocale } from '../../components/dates-locale.tsx';
import { useEvents } from './api/get-events.ts';
import { browserTimeZone } from '../../lib/browser-time-zone.ts';
import { dayOfDate, groupEventsByDay, monthOf } from './calendar-days.ts';
import styles from './dashboard.module.css';
import classes from './delivery-calendar.module.css';
import { DashboardPanel } from './dashboard-panel.tsx';
import { DASHBOARD_PATHS } from './dashboard-paths.ts';

const KIND_COLOR: Record<CalendarEvent['kind'], string> = {
  delivery: 'teal',
  reminder: 'yellow',
  due: 'red',
};

/** A `YYYY-MM-DD` calendar day as a local date. */
function localDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

function EventItem({ event, language }: { event: CalendarEvent; language: string }) {
  const { t } = useTranslation();
  const training = event.type === 'training';
  const time = new Intl.DateTimeFormat(language, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(event.date));
  return (
    <UnstyledButton
      component={Link}
      to={DASHBOARD_PATHS.program(event.type, event.eventId)}
      className={styles.item}
      data-testid="calendar-event"
    >
      <Group gap="sm" wrap="nowrap" align="center">
        <ThemeIcon
          variant="light"
          color={training ? 'brand' : 'indigo'}
          size={34}
          radius="md"
          aria-label={t(`dashboard.calendar.types.${event.type}`)}
        >
          {training ? <IconSchool size={18} /> : <IconChecklist size={18} />}
        </ThemeIcon>
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Text size="sm" fw={600} title={event.name} truncate>
            {truncate(event.name, DASHBOARD_LIMITS.eventName)}
          </Text>
          <Group gap={6} wrap="nowrap">
            <Text size="xs" c="dimmed">
              {t(`dashboard.calendar.types.${event.type}`)}
            </Text>
            <Text size="xs" c="dimmed">
              ·
            </Text>
            <Text size="xs" c="dimmed">
              {time}
            </Text>
          </Group>
        </Stack>
        <Badge color={KIND_COLOR[event.kind]} variant="light" size="sm" tt="none" style={{ flexShrink: 0 }}>
          {t(`dashboard.calendar.kinds.${event.kind}`)}
        </Badge>
      </Group>
    </UnstyledButton>
  );
}

function DayMarker({ day, events }: { day: string; events: CalendarEvent[] | undefined }) {
  const types = new Set(events?.map((e) => e.type));
  return (
    <div className={classes.day}>
      <span>{localDate(day).getDate()}</span>
      {types.size > 0 && (
        <span className={classes.dots} aria-hidden>
          {[...types].map((type) => (
            <span key={type} className={`${classes.dot} ${classes[type]}`} />
          ))}
        </span>
      )}
    </div>
  );
}

/**
 * The monthly delivery calendar (spec 1 §2): dots on days with deliveries, reminders or due dates,
 * and the selected day's entries below it. The month and its days are the viewer's local ones.
 */
export function DeliveryCalendar({ companyId }: { companyId: string }) {
  const { t, i18n } = useTranslation();
  const today = dayOfDate(new Date());
  const [shown, setShown] = useState(today);
  const [selected, setSelected] = useState(today);
  const [timeZone] = useState(browserTimeZone);
  const month = monthOf(shown);
  const events = useEvents(companyId, month, timeZone);
  const days = useMemo(() => groupEventsByDay(events.data ?? [], timeZone), [events.data, timeZone]);
  const loading = events.isPending || events.isPlaceholderData;
  const dayEvents = days.get(selected) ?? [];

  const showMonth = (day: string) => {
    setShown(day);
    setSelected(monthOf(day) === monthOf(today) ? today : `${monthOf(day)}-01`);
  };
  const pick = (day: string) => {
    if (monthOf(day) !== month) setShown(day);
    setSelected(day);
  };

  const heading = new Intl.DateTimeFormat(i18n.language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(localDate(selected));

  return (
    <DashboardPanel
      title={t('dashboard.calendar.title')}
      error={events.isError ? events.error : undefined}
      onRetry={() => void events.refetch()}
      testId="dashboard-calendar"
    >
      <DatesLocale>
        <Calendar
          date={shown}
          onDateChange={showMonth}
          maxLevel="year"
          firstDayOfWeek={1}
          fullWidth
          size="md"
          styles={{ day: { height: 42 } }}
          previousLabel={t('dashboard.calendar.previous')}
          nextLabel={t('dashboard.calendar.next')}
          getDayProps={(day) => ({
            selected: day === selected,
            onClick: () => pick(day),
            title: days.has(day)
              ? t('dashboard.calendar.dayWithEvents', { count: days.get(day)?.length ?? 0 })
              : undefined,
          })}
          renderDay={(day) => (
            <DayMarker day={day} events={monthOf(day) === month ? days.get(day) : undefined} />
          )}
        />
      </DatesLocale>
      <Divider />
      <Box>
        <Text size="sm" fw={600} mb="xs" tt="capitalize" data-testid="calendar-day-heading">
          {heading}
        </Text>
        {loading ? (
          <Stack gap="sm">
            {[0, 1].map((i) => (
              <Group key={i} gap="sm" wrap="nowrap">
                <Skeleton h={34} w={34} radius="md" />
                <Stack gap={6} style={{ flex: 1 }}>
                  <Skeleton h={12} w="70%" />
                  <Skeleton h={10} w="40%" />
                </Stack>
              </Group>
            ))}
          </Stack>
        ) : dayEvents.length === 0 ? (
          <Group gap="xs" c="dimmed" py="sm" data-testid="calendar-empty-day">
            <IconCalendarOff size={18} />
            <Text size="sm" c="dimmed">
              {t('dashboard.calendar.emptyDay')}
            </Text>
          </Group>
        ) : (
          <ScrollArea.Autosize
            mah={DASHBOARD_LIMITS.calendarListHeight}
            type="auto"
            scrollbars="y"
            offsetScrollbars="y"
          >
            <Stack gap={2}>
              {dayEvents.map((event) => (
                <EventItem key={event.id} event={event} language={i18n.language} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Box>
    </DashboardPanel>
  );
}
