import { Alert, Card, NumberInput, Radio, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { IconCalendarEvent, IconInfoCircle, IconLock } from '@tabler/icons-react';
import {
  PHISHING_LIMITS,
  PHISHING_RECURRENCES,
  SendWindow,
  sendSlots,
  sendWindowEnd,
  type PhishingRecurrence,
} from '@vigil/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DatesLocale } from '../../../components/dates-locale.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { HourPicker, StepSection } from '../../campaigns/index.ts';
import type { StepProps } from './step-props.ts';
import { isRunning, windowStart, type DraftAction, type PhishingDraft } from './wizard-state.ts';

type WindowPatch = Extract<DraftAction, { type: 'window' }>['patch'];

const HOURS = Array.from({ length: 25 }, (_, h) => ({
  value: String(h),
  label: `${String(h).padStart(2, '0')}:00`,
}));

/** Every IANA time zone the browser knows, with the one chosen kept even when it does not. */
function timeZones(current: string): string[] {
  return [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone'), current])];
}

/** When the window's mails go out, as the server will spread them (the shared rules), or null. */
export function windowPreview(draft: PhishingDraft, now: Date) {
  const parsed = SendWindow.safeParse({
    start: windowStart(draft, now),
    days: draft.days,
    businessHours: draft.hours,
    weekdaysOnly: draft.weekdaysOnly,
    timeZone: draft.timeZone,
  });
  if (!parsed.success) return null;
  const slots = sendSlots(parsed.data);
  if (slots.length === 0) return { slots: 0, first: null, last: null };
  return {
    slots: slots.length,
    first: slots[0]!.from.toISOString(),
    last: sendWindowEnd(parsed.data).toISOString(),
  };
}

/** Step 3: the send window, spread over days so colleagues do not warn each other, and recurrence. */
export function ScheduleStep({ draft, dispatch, now }: StepProps & { now: Date }) {
  const { t, i18n } = useTranslation();
  const locked = isRunning(draft);
  const patch = (change: WindowPatch) => dispatch({ type: 'window', patch: change });
  const zones = useMemo(() => timeZones(draft.timeZone), [draft.timeZone]);
  const preview = windowPreview(draft, now);
  const when = (iso: string) => formatDateTime(iso, i18n.language);

  return (
    <StepSection
      title={t('phishing.wizard.schedule.title')}
      description={t('phishing.wizard.schedule.description')}
    >
      {locked && (
        <Alert color="blue" variant="light" icon={<IconLock />}>
          {t('phishing.wizard.lockedRunning')}
        </Alert>
      )}
      <Card>
        <Stack gap="lg">
          <Radio.Group
            label={t('phishing.wizard.schedule.start')}
            value={draft.startNow ? 'now' : 'later'}
            onChange={(value) => patch({ startNow: value === 'now' })}
          >
            <Stack gap="xs" mt="xs">
              <Radio
                value="now"
                disabled={locked}
                label={t('phishing.wizard.schedule.startNow')}
                data-testid="start-now"
              />
              <Radio
                value="later"
                disabled={locked}
                label={t('phishing.wizard.schedule.startLater')}
                data-testid="start-later"
              />
            </Stack>
          </Radio.Group>
          {!draft.startNow && (
            <DatesLocale>
              <HourPicker
                label={t('phishing.wizard.schedule.startAt')}
                leftSection={<IconCalendarEvent size={16} />}
                value={draft.start}
                onChange={(start) => patch({ start })}
                from={now}
                disabled={locked}
                required
                maw={320}
                data-testid="window-start"
              />
            </DatesLocale>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} maw={720}>
            <NumberInput
              label={t('phishing.wizard.schedule.days')}
              description={t('phishing.wizard.schedule.daysHint')}
              value={draft.days}
              min={1}
              max={PHISHING_LIMITS.windowDaysMax}
              clampBehavior="strict"
              allowDecimal={false}
              onChange={(value) => patch({ days: typeof value === 'number' ? value : 1 })}
              disabled={locked}
              data-testid="window-days"
            />
            <Select
              label={t('phishing.wizard.schedule.timeZone')}
              description={t('phishing.wizard.schedule.timeZoneHint')}
              data={zones}
              value={draft.timeZone}
              onChange={(timeZone) => timeZone && patch({ timeZone })}
              searchable
              allowDeselect={false}
              disabled={locked}
              data-testid="window-time-zone"
            />
          </SimpleGrid>
          <Stack gap="xs">
            <Switch
              label={t('phishing.wizard.schedule.businessHours')}
              checked={draft.hours !== null}
              onChange={(e) => patch({ hours: e.currentTarget.checked ? { from: 9, to: 17 } : null })}
              disabled={locked}
            />
            {draft.hours && (
              <SimpleGrid cols={2} maw={360}>
                <Select
                  label={t('phishing.wizard.schedule.from')}
                  data={HOURS.slice(0, 24)}
                  value={String(draft.hours.from)}
                  onChange={(v) => v && draft.hours && patch({ hours: { ...draft.hours, from: Number(v) } })}
                  allowDeselect={false}
                  disabled={locked}
                />
                <Select
                  label={t('phishing.wizard.schedule.to')}
                  data={HOURS.slice(1)}
                  value={String(draft.hours.to)}
                  onChange={(v) => v && draft.hours && patch({ hours: { ...draft.hours, to: Number(v) } })}
                  allowDeselect={false}
                  disabled={locked}
                  error={draft.hours.to <= draft.hours.from ? t('phishing.messages.businessHours') : null}
                />
              </SimpleGrid>
            )}
            <Switch
              label={t('phishing.wizard.schedule.weekdaysOnly')}
              checked={draft.weekdaysOnly}
              onChange={(e) => patch({ weekdaysOnly: e.currentTarget.checked })}
              disabled={locked}
            />
          </Stack>
          <Alert
            color={preview && preview.slots > 0 ? 'blue' : 'orange'}
            variant="light"
            icon={<IconInfoCircle />}
            data-testid="window-preview"
          >
            {preview && preview.first && preview.last
              ? t('phishing.wizard.schedule.preview', {
                  first: when(preview.first),
                  last: when(preview.last),
                  count: preview.slots,
                })
              : t('phishing.wizard.schedule.noSlots')}
          </Alert>
        </Stack>
      </Card>
      <Card>
        <Radio.Group
          label={t('phishing.wizard.schedule.recurrence')}
          description={t('phishing.wizard.schedule.recurrenceHint')}
          value={draft.recurrence}
          onChange={(value) => dispatch({ type: 'recurrence', recurrence: value as PhishingRecurrence })}
        >
          <Stack gap="xs" mt="xs">
            {PHISHING_RECURRENCES.map((r) => (
              <Radio key={r} value={r} label={t(`phishing.recurrence.${r}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <Text size="xs" c="dimmed" mt="xs">
          {t('phishing.wizard.schedule.recurrenceNote')}
        </Text>
      </Card>
    </StepSection>
  );
}
