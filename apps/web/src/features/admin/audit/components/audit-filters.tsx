import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/dates/styles.css';
import { Button, Grid, Group, Select } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { AUDIT_KINDS, isAuditKind } from '@portal/contract';
import { GermanDates } from '../../../../components/form/german-dates';
import { de } from '../../../../i18n/de';
import {
  type AuditFilters,
  datesReversed,
  hasFilters,
  NO_FILTERS,
  parseGermanDay,
} from '../lib/audit-filters';
import { ActorSelect } from './actor-select';

const texts = de.adminAudit;
/** The choice 'Alle Arten'. */
const ALL = 'alle';
const KIND_CHOICES = [
  { value: ALL, label: texts.kindPlaceholder },
  ...Object.entries(AUDIT_KINDS).map(([value, label]) => ({ value, label })),
];

interface AuditFiltersProps {
  filters: AuditFilters;
  onChange: (filters: AuditFilters) => void;
}

/** Who, what and from/to which day (German days, both included); every change shows from the newest again. */
export function AuditFilterFields({ filters, onChange }: AuditFiltersProps) {
  const change = (part: Partial<AuditFilters>) => onChange({ ...filters, ...part });
  return (
    <search aria-label={texts.filters}>
      {/* the two days side by side also on a phone */}
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, xs: 6, md: 3 }}>
          <ActorSelect value={filters.actor} onChange={(actor) => change({ actor })} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6, md: 3 }}>
          <Select
            label={texts.kind}
            data={KIND_CHOICES}
            value={filters.kind ?? ALL}
            allowDeselect={false}
            searchable
            onChange={(value) => change({ kind: value !== null && isAuditKind(value) ? value : null })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 3 }}>
          <DayField label={texts.from} value={filters.from} onChange={(from) => change({ from })} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 3 }}>
          <DayField
            label={texts.to}
            value={filters.to}
            onChange={(to) => change({ to })}
            error={datesReversed(filters) ? texts.toBeforeFrom : undefined}
          />
        </Grid.Col>
      </Grid>
      {hasFilters(filters) && (
        <Group mt="xs">
          <Button variant="subtle" size="xs" onClick={() => onChange(NO_FILTERS)}>
            {texts.reset}
          </Button>
        </Group>
      )}
    </search>
  );
}

interface DayFieldProps {
  label: string;
  /** `YYYY-MM-DD` or null */
  value: string | null;
  onChange: (day: string | null) => void;
  error?: string | undefined;
}

/** A day typed as 25.11.2026 or picked from the calendar, whatever language the browser speaks. */
function DayField({ label, value, onChange, error }: DayFieldProps) {
  return (
    <GermanDates>
      <DateInput
        label={label}
        placeholder={texts.dayPlaceholder}
        valueFormat="DD.MM.YYYY"
        dateParser={parseGermanDay}
        value={value}
        onChange={onChange}
        error={error}
        clearable
        // the neighbouring months' days are dimmed below the contrast WCAG asks for
        hideOutsideDates
        clearButtonProps={{ 'aria-label': texts.clearDay(label) }}
        nextLabel={texts.nextMonth}
        previousLabel={texts.previousMonth}
        popoverProps={{ withinPortal: true }}
      />
    </GermanDates>
  );
}
