import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type ComponentType, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { usePreloadWhenSettled } from '../../components/preloadable';
import { loadSearchField, useSearchShortcut } from '../../features/search';
import { de } from '../../i18n/de';
import { activity } from '../../lib/portal';
import classes from './frame.module.css';

/**
 * The top bar's search field with its suggestions (features/search) needs Mantine's Combobox, Popover and
 * floating-ui, about 30 kB: it loads once the screen has loaded and the browser is idle, or as soon as the
 * member reaches for the field, so that the dashboard shows without it (issue 19). Until then a look-alike
 * stands in.
 */
let loaded: ComponentType | null = null;
let loading: Promise<ComponentType> | null = null;

function loadField(): Promise<ComponentType> {
  loading ??= loadSearchField().then(
    (component) => {
      loaded = component;
      return component;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const noRequests = () => activity.pending.get() === 0;

export function LazySearchField() {
  // Chosen once it has loaded; the field then stays (a state, not a suspending lazy component).
  const [Field, setField] = useState<ComponentType | null>(() => loaded);
  const load = useCallback(
    () =>
      loadField().then((component) => {
        setField(() => component);
      }),
    [],
  );
  usePreloadWhenSettled(load, noRequests);
  if (!Field) return <SearchFieldPlaceholder onReach={() => void load().catch(() => undefined)} />;
  return (
    <>
      <Field />
      <FocusOnArrival />
    </>
  );
}

/** The placeholder had the focus when it went (a click, `/`): the field takes it over as it arrives. */
let focusWanted = false;

function FocusOnArrival() {
  useEffect(() => {
    if (!focusWanted) return;
    focusWanted = false;
    document.querySelector<HTMLInputElement>(`header input[aria-label="${de.search.field}"]`)?.focus();
  }, []);
  return null;
}

/**
 * Looks like the field, read-only (so typing waits for the field, as Playwright's `fill` does) until the field
 * has loaded; reaching for it loads it at once, and `/` works already.
 */
function SearchFieldPlaceholder({ onReach }: { onReach: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  // `/` works before the field has loaded, as it does after.
  useSearchShortcut(input);
  // Runs as the placeholder goes, while it still is in the page.
  useLayoutEffect(
    () => () => {
      focusWanted = input.current !== null && document.activeElement === input.current;
    },
    [],
  );
  return (
    <TextInput
      ref={input}
      className={classes.search}
      aria-label={de.search.field}
      placeholder={de.search.placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      leftSectionPointerEvents="none"
      size="sm"
      readOnly
      onFocus={onReach}
      onPointerEnter={onReach}
    />
  );
}
