import type { TimePickerProps } from '@mantine/dates';
import { type InputEvent, type KeyboardEvent, useRef } from 'react';
import { berlinNowInput } from '../../lib/berlin-time';
import { clockTimeOf, startTyping, type TimePart, typeTimeKey, withClockTime } from './typed-time';

type TypedTimeProps = Pick<TimePickerProps, 'hoursInputProps' | 'minutesInputProps' | 'minutesRef'>;

/**
 * Takes the keys typed into a DateTimePicker's hours and minutes from Mantine's spin inputs (typed-time.ts
 * says why) and sets the picker's value to the time typed; the picker then shows it in both fields. Arrows,
 * Tab, Enter and pasting stay the picker's. `value` is the picker's (`YYYY-MM-DD HH:mm:ss`, Berlin time).
 */
export function useTypedTime(value: string | null, onChange: (value: string) => void): TypedTimeProps {
  const typing = useRef(startTyping('hours'));
  // The newest value, also between two keys typed faster than a render.
  const latest = useRef(value);
  latest.current = value;
  const minutesRef = useRef<HTMLInputElement>(null);

  /** True when `key` was taken: the field then does nothing with it itself. */
  function take(part: TimePart, key: string): boolean {
    const state = typing.current.part === part ? typing.current : startTyping(part);
    const result = typeTimeKey(clockTimeOf(latest.current), state, key);
    if (!result) return false;
    typing.current = result.state;
    const next = withClockTime(latest.current, berlinNowInput().slice(0, 10), result.time);
    if (next !== latest.current) {
      latest.current = next;
      onChange(next);
    }
    if (part === 'hours' && result.focus === 'minutes') minutesRef.current?.focus();
    return true;
  }

  const inputProps = (part: TimePart) => ({
    onFocus: () => {
      typing.current = startTyping(part);
    },
    // Capture: before the spin input's own key handling, which moves on at a `0` by itself.
    onKeyDownCapture: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (!take(part, event.key)) return;
      event.preventDefault();
      event.stopPropagation();
    },
    // Virtual keyboards may name no key on keydown ('Unidentified'); their text arrives here.
    onBeforeInputCapture: (event: InputEvent<HTMLInputElement>) => {
      const text = event.data ?? '';
      if (text === '') return;
      let taken = false;
      for (const key of text) taken = take(part, key) || taken;
      if (taken) event.preventDefault();
    },
  });

  return { hoursInputProps: inputProps('hours'), minutesInputProps: inputProps('minutes'), minutesRef };
}
