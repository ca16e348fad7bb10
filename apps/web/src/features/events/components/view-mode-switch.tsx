import '@mantine/core/styles/SegmentedControl.css';
import { SegmentedControl } from '@mantine/core';
import { de } from '../../../i18n/de';
import { isViewMode, type ViewMode } from '../lib/view-mode';

/** 'Kalender' / 'Liste' (SPEC §2: the events list has a calendar/listing toggle). */
export function ViewModeSwitch({ value, onChange }: { value: ViewMode; onChange: (mode: ViewMode) => void }) {
  return (
    <SegmentedControl
      aria-label={de.events.viewMode}
      value={value}
      onChange={(next) => {
        if (isViewMode(next)) onChange(next);
      }}
      data={[
        { value: 'calendar', label: de.events.calendar },
        { value: 'list', label: de.events.list },
      ]}
    />
  );
}
