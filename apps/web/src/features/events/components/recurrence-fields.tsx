import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Radio.css';
import { Group, NumberInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { EVENT_SERIES_MAX, type TRecurrenceInput } from '@portal/contract';
import { type Control, Controller, type FieldErrors, useWatch } from 'react-hook-form';
import { de } from '../../../i18n/de';
import { defaultRecurrence, type EventFormValues } from '../lib/event-form-values';
import { recurrenceWords, startWeekday, weekOfMonthWords, weeksOfMonth } from '../lib/recurrence';
import { numberOrNull } from './registration-fields';

const texts = de.events.form;

interface RecurrenceFieldsProps {
  control: Control<EventFormValues>;
  errors: FieldErrors<EventFormValues>;
}

type Frequency = 'none' | TRecurrenceInput['frequency'];

/**
 * Issue 35 point 5, on a new event: 'Wiederholung' none / weekly every N weeks / monthly on the n-th or
 * last weekday of the start (in words: 'am 2. Dienstag'), ending 'am' a date or 'nach' N dates.
 */
export function RecurrenceFields({ control, errors }: RecurrenceFieldsProps) {
  const start = useWatch({ control, name: 'start' });
  const startIso = typeof start === 'string' ? start : '';
  const weekday = startWeekday(startIso);
  const weeks = weeksOfMonth(startIso);
  const problems = errors.recurrence;
  return (
    <Controller
      control={control}
      name="recurrence"
      render={({ field }) => {
        const rule = field.value ?? null;
        const set = (next: TRecurrenceInput | null) => field.onChange(next);
        const frequency: Frequency = rule?.frequency ?? 'none';
        const endMode = rule?.until != null ? 'until' : 'count';
        return (
          <Stack gap="sm">
            <Radio.Group
              value={frequency}
              onChange={(value) =>
                set(
                  value === 'weekly' || value === 'monthly'
                    ? defaultRecurrence(value, weeks[0] ?? null)
                    : null,
                )
              }
              label={texts.recurrence}
            >
              <Group gap="md" mt={4}>
                <Radio value="none" label={texts.recurrenceNone} onBlur={field.onBlur} />
                <Radio value="weekly" label={texts.recurrenceWeekly} />
                <Radio value="monthly" label={texts.recurrenceMonthly} />
              </Group>
            </Radio.Group>
            {rule && (
              <>
                <NumberInput
                  label={rule.frequency === 'weekly' ? texts.weeksInterval : texts.monthsInterval}
                  min={1}
                  max={52}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  value={rule.interval ?? 1}
                  onChange={(value) => set({ ...rule, interval: numberOrNull(value) ?? 1 })}
                  error={problems?.interval?.message}
                  maw={200}
                />
                {rule.frequency === 'monthly' && weekday && (
                  <Radio.Group
                    value={String(rule.weekOfMonth ?? weeks[0] ?? '')}
                    onChange={(value) => set({ ...rule, weekOfMonth: Number(value) as 1 | 2 | 3 | 4 | -1 })}
                    label={texts.weekOfMonth}
                    error={problems?.weekOfMonth?.message}
                  >
                    <Group gap="md" mt={4}>
                      {weeks.map((week) => (
                        <Radio key={week} value={String(week)} label={weekOfMonthWords(week, weekday)} />
                      ))}
                    </Group>
                  </Radio.Group>
                )}
                <Radio.Group
                  value={endMode}
                  onChange={(value) => set({ ...rule, until: value === 'until' ? '' : null, count: null })}
                  label={texts.ends}
                >
                  <Group gap="md" mt={4}>
                    <Radio value="until" label={texts.endsUntil} />
                    <Radio value="count" label={texts.endsCount} />
                  </Group>
                </Radio.Group>
                {endMode === 'until' ? (
                  <TextInput
                    type="date"
                    label={texts.until}
                    value={rule.until ?? ''}
                    onChange={(change) => set({ ...rule, until: change.currentTarget.value || '' })}
                    error={problems?.until?.message}
                    maw={240}
                  />
                ) : (
                  <NumberInput
                    label={texts.count}
                    min={2}
                    max={EVENT_SERIES_MAX}
                    allowDecimal={false}
                    allowNegative={false}
                    clampBehavior="none"
                    value={rule.count ?? ''}
                    onChange={(value) => set({ ...rule, count: numberOrNull(value) })}
                    error={problems?.count?.message ?? problems?.until?.message}
                    maw={200}
                  />
                )}
                <Text size="sm" c="dimmed" aria-live="polite">
                  {texts.seriesInfo(recurrenceWords(rule, startIso))}
                </Text>
              </>
            )}
          </Stack>
        );
      }}
    />
  );
}
