import { DateTimePicker } from '@mantine/dates';
import { GermanDates } from '../../../components/form/german-dates';
import { de } from '../../../i18n/de';
import { fromBerlinInput, toBerlinInput } from '../../../lib/berlin-time';

interface PublishedAtFieldProps {
  /** ISO 8601 in UTC, '' when empty */
  value: string;
  onChange: (iso: string) => void;
  onBlur: () => void;
  error: string | undefined;
}

/** 'Veröffentlichen am': German date and 24-hour time, in Berlin time, sent as ISO 8601 in UTC. */
export function PublishedAtField({ value, onChange, onBlur, error }: PublishedAtFieldProps) {
  return (
    <GermanDates>
      <DateTimePicker
        label={de.blog.form.publishedAt}
        description={de.blog.form.publishedAtHint}
        withAsterisk
        clearable
        valueFormat="DD.MM.YYYY, HH:mm [Uhr]"
        value={toBerlinInput(value)}
        onChange={(next) => onChange(fromBerlinInput(next))}
        onBlur={onBlur}
        error={error}
        nextLabel={de.blog.form.date.nextMonth}
        previousLabel={de.blog.form.date.previousMonth}
        timePickerProps={{
          format: '24h',
          withDropdown: false,
          hoursInputLabel: de.blog.form.date.hours,
          minutesInputLabel: de.blog.form.date.minutes,
        }}
        submitButtonProps={{ 'aria-label': de.blog.form.date.apply }}
        // In a portal, so that the sheet's sticky header cannot cover the calendar when it opens upwards.
        popoverProps={{ withinPortal: true }}
        clearButtonProps={{ 'aria-label': de.blog.form.date.clear }}
      />
    </GermanDates>
  );
}
