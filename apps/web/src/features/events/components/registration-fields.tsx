import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/NumberInput.css';
import { Fieldset, NumberInput, SimpleGrid, Stack, Switch } from '@mantine/core';
import { EVENT_CAPACITY_MAX, EVENT_GUESTS_MAX, EVENT_REMINDER_HOURS_MAX } from '@portal/contract';
import { type Control, Controller, type FieldErrors, useWatch } from 'react-hook-form';
import { de } from '../../../i18n/de';
import type { EventFormValues } from '../lib/event-form-values';

const texts = de.events.form;

/** NumberInput gives '' when emptied: the field's null ('unbegrenzt', 'keine'). */
export const numberOrNull = (value: number | string): number | null =>
  value === '' || Number.isNaN(Number(value)) ? null : Number(value);

interface RegistrationFieldsProps {
  control: Control<EventFormValues>;
  errors: FieldErrors<EventFormValues>;
}

/**
 * Issue 35 point 1: 'Maximale Teilnehmerzahl' (empty: unbegrenzt), 'Warteliste' (only with a capacity),
 * 'Begleitpersonen' per member and 'Erinnerung' hours before the start (empty: keine).
 */
export function RegistrationFields({ control, errors }: RegistrationFieldsProps) {
  const capacity = useWatch({ control, name: 'maxParticipants' });
  const limited = typeof capacity === 'number';
  return (
    <Fieldset legend={texts.registration} variant="unstyled">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Controller
            control={control}
            name="maxParticipants"
            render={({ field }) => (
              <NumberInput
                label={texts.maxParticipants}
                description={texts.maxParticipantsHint}
                placeholder={texts.unlimited}
                min={1}
                max={EVENT_CAPACITY_MAX}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                value={field.value ?? ''}
                onChange={(value) => field.onChange(numberOrNull(value))}
                onBlur={field.onBlur}
                error={errors.maxParticipants?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="maxGuests"
            render={({ field }) => (
              <NumberInput
                label={texts.maxGuests}
                description={texts.maxGuestsHint}
                min={0}
                max={EVENT_GUESTS_MAX}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                value={field.value ?? 0}
                onChange={(value) => field.onChange(numberOrNull(value) ?? 0)}
                onBlur={field.onBlur}
                error={errors.maxGuests?.message}
              />
            )}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="waitingList"
          render={({ field }) => (
            <Switch
              label={texts.waitingList}
              description={texts.waitingListHint}
              checked={limited && field.value === true}
              disabled={!limited}
              onChange={(change) => field.onChange(change.currentTarget.checked)}
              onBlur={field.onBlur}
            />
          )}
        />
        <Controller
          control={control}
          name="reminderHours"
          render={({ field }) => (
            <NumberInput
              label={texts.reminder}
              description={texts.reminderHint}
              placeholder={texts.none}
              min={1}
              max={EVENT_REMINDER_HOURS_MAX}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              value={field.value ?? ''}
              onChange={(value) => field.onChange(numberOrNull(value))}
              onBlur={field.onBlur}
              error={errors.reminderHours?.message}
            />
          )}
        />
      </Stack>
    </Fieldset>
  );
}
