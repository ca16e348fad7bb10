import { DatesProvider, type DatesProviderSettings } from '@mantine/dates';
import dayjs from 'dayjs';
import 'dayjs/locale/de';
import type { ReactNode } from 'react';

// German month and day names in Mantine's date pickers (SPEC §9), which use dayjs.
dayjs.locale('de');

const SETTINGS: DatesProviderSettings = { locale: 'de', firstDayOfWeek: 1, weekendDays: [0, 6] };

/**
 * Mantine's date pickers in German, weeks from Monday. Around each picker, not around the frame: only the
 * forms with dates load dayjs and its locale, the dashboard's first load does not (issue 19, decision 0097).
 */
export function GermanDates({ children }: { children: ReactNode }) {
  return <DatesProvider settings={SETTINGS}>{children}</DatesProvider>;
}
