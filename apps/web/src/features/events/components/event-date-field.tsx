import { DateTimePicker } from '@mantine/dates';
import { GermanDates } from '../../../components/form/german-dates';
import { de } from '../../../i18n/de';
import { fromBerlinInput, toBerlinInput } from '../../../lib/berlin-time';

interface EventDateFieldProps {
  label: string;
  description?: string;
  required?: boolean;
  /** ISO 8601 in UTC, '' when empty */
  value: string;
  onChange: (iso: string) => void;
  onBlur: () => void;
  error: string | undefined;
  /** `YYYY-MM-DD`: the first day the picker offers (SPEC §5: today). */
  minDate: string;
}

const labels = de.events.form.date;

/** A date and 24-hour time in Berlin time, sent as ISO 8601 in UTC. */
export function EventDateField({
  label,
  description,
  required,
  value,
  onChange,
  onBlur,
  error,
  minDate,
}: EventDateFieldProps) {
  return (
    <GermanDates>
      <DateTimePicker
        label={label}
        description={description}
        withAsterisk={required}
        clearable={!required}
        valueFormat={de.events.form.dateFormat}
        value={toBerlinInput(value)}
        onChange={(next) => onChange(fromBerlinInput(next))}
        onBlur={onBlur}
        error={error}
        minDate={minDate}
        nextLabel={labels.nextMonth}
        previousLabel={labels.previousMonth}
        timePickerProps={{
          format: '24h',
          withDropdown: false,
          hoursInputLabel: labels.hours,
          minutesInputLabel: labels.minutes,
        }}
        submitButtonProps={{ 'aria-label': labels.apply }}
        // In a portal, so that the sheet's sticky header cannot cover the calendar when it opens upwards.
        popoverProps={{ withinPortal: true }}
        clearButtonProps={{ 'aria-label': labels.clear }}
      />
    </GermanDates>
  );
}
