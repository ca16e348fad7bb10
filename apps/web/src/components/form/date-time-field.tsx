import { DateTimePicker } from '@mantine/dates';
import { de } from '../../i18n/de';
import { fromBerlinInput, toBerlinInput } from '../../lib/berlin-time';
import { GermanDates } from './german-dates';
import { useTypedTime } from './use-typed-time';

interface DateTimeFieldProps {
  label: string;
  description?: string;
  /** Marked as required. */
  required?: boolean;
  /** With a button that empties the field; by default where it is not required. */
  clearable?: boolean;
  /** ISO 8601 in UTC, '' when empty */
  value: string;
  onChange: (iso: string) => void;
  onBlur: () => void;
  error: string | undefined;
  /** `YYYY-MM-DD`: the first day the picker offers. */
  minDate?: string;
}

const texts = de.dateTimeField;

/**
 * A German date and 24-hour time in Berlin time, sent as ISO 8601 in UTC: 'Veröffentlichen am' of posts, the
 * start, end and deadline of events. The time is typed through useTypedTime (issue 31 point 3); 'Zeitpunkt
 * übernehmen' and Escape give the focus back to the field (point 4).
 */
export function DateTimeField({
  label,
  description,
  required = false,
  clearable = !required,
  value,
  onChange,
  onBlur,
  error,
  minDate,
}: DateTimeFieldProps) {
  const pickerValue = toBerlinInput(value);
  const change = (next: string | null) => onChange(fromBerlinInput(next));
  const typedTime = useTypedTime(pickerValue, change);
  return (
    <GermanDates>
      <DateTimePicker
        label={label}
        description={description}
        withAsterisk={required}
        clearable={clearable}
        valueFormat={texts.format}
        value={pickerValue}
        onChange={change}
        onBlur={onBlur}
        error={error}
        minDate={minDate}
        nextLabel={texts.nextMonth}
        previousLabel={texts.previousMonth}
        timePickerProps={{
          format: '24h',
          withDropdown: false,
          hoursInputLabel: texts.hours,
          minutesInputLabel: texts.minutes,
          ...typedTime,
        }}
        submitButtonProps={{ 'aria-label': texts.apply }}
        // In a portal, so that the sheet's sticky header cannot cover the calendar when it opens upwards;
        // closed, the focus goes back to the field, not to the page's start behind the open form.
        popoverProps={{ withinPortal: true, returnFocus: true }}
        clearButtonProps={{ 'aria-label': texts.clear }}
      />
    </GermanDates>
  );
}
