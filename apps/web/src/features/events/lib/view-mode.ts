import { browserLocalStorage, createSafeStorage, type KeyValueStorage } from '../../../lib/storage';

/**
 * SPEC §2/§9: the events list shows a calendar or a listing; the choice is remembered, calendar first. On a
 * phone a month grid leaves a few pixels per event, so there the listing comes first until the member
 * chooses (issue 14).
 */
export type ViewMode = 'calendar' | 'list';

export const VIEW_MODE_KEY = 'events_view';
const DEFAULT_VIEW_MODE: ViewMode = 'calendar';

export function isViewMode(value: unknown): value is ViewMode {
  return value === 'calendar' || value === 'list';
}

/** localStorage where it works; in a blocked cross-site iframe the choice lives in memory. */
const storage = createSafeStorage(browserLocalStorage);

/** Narrower than Mantine's `sm` breakpoint (48em), where the frame folds its navigation away too. */
const NARROW_QUERY = '(max-width: 47.99em)';

function isNarrowScreen(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(NARROW_QUERY).matches;
}

export function readViewMode(from: KeyValueStorage = storage, narrow = isNarrowScreen()): ViewMode {
  const value = from.get(VIEW_MODE_KEY);
  if (isViewMode(value)) return value;
  return narrow ? 'list' : DEFAULT_VIEW_MODE;
}

export function writeViewMode(mode: ViewMode, to: KeyValueStorage = storage): void {
  to.set(VIEW_MODE_KEY, mode);
}
