import { browserLocalStorage, createSafeStorage, type KeyValueStorage } from '../../../lib/storage';

/** SPEC §2/§9: the events list shows a calendar or a listing; the choice is remembered, calendar first. */
export type ViewMode = 'calendar' | 'list';

export const VIEW_MODE_KEY = 'events_view';
export const DEFAULT_VIEW_MODE: ViewMode = 'calendar';

export function isViewMode(value: unknown): value is ViewMode {
  return value === 'calendar' || value === 'list';
}

/** localStorage where it works; in a blocked cross-site iframe the choice lives in memory. */
const storage = createSafeStorage(browserLocalStorage);

export function readViewMode(from: KeyValueStorage = storage): ViewMode {
  const value = from.get(VIEW_MODE_KEY);
  return isViewMode(value) ? value : DEFAULT_VIEW_MODE;
}

export function writeViewMode(mode: ViewMode, to: KeyValueStorage = storage): void {
  to.set(VIEW_MODE_KEY, mode);
}
