import { describe, expect, it } from 'vitest';
import {
  type ClockTime,
  clockTimeOf,
  startTyping,
  type TimePart,
  typeTimeKey,
  withClockTime,
} from './typed-time';

/** Types `keys` one by one from the hours, as the member does, and follows the focus. */
function type(keys: string, from: ClockTime = { hours: 0, minutes: 0 }) {
  let time = from;
  let state = startTyping('hours');
  let focus: TimePart = 'hours';
  for (const key of keys) {
    const result = typeTimeKey(time, state, key);
    if (!result) continue;
    time = result.time;
    state = result.state;
    focus = result.focus ?? focus;
  }
  return { time, focus };
}

const at = (hours: number, minutes: number) => ({ hours, minutes });

describe('typed times', () => {
  it('gives the time typed, whatever the field showed before', () => {
    for (const from of [at(0, 0), at(9, 0), at(23, 59)]) {
      expect(type('1730', from).time).toEqual(at(17, 30));
      expect(type('17:30', from).time).toEqual(at(17, 30));
      expect(type('930', from).time).toEqual(at(9, 30));
      expect(type('0930', from).time).toEqual(at(9, 30));
      expect(type('9:30', from).time).toEqual(at(9, 30));
      expect(type('1:05', from).time).toEqual(at(1, 5));
      expect(type('0000', from).time).toEqual(at(0, 0));
    }
  });

  it('moves to the minutes once the hours are complete, not before', () => {
    expect(type('1')).toEqual({ time: at(1, 0), focus: 'hours' });
    expect(type('2')).toEqual({ time: at(2, 0), focus: 'hours' });
    expect(type('0')).toEqual({ time: at(0, 0), focus: 'hours' });
    expect(type('17').focus).toBe('minutes');
    expect(type('3').focus).toBe('minutes');
    expect(type('1.').focus).toBe('minutes');
  });

  it('keeps the minutes of the field when only the hours are typed', () => {
    expect(type('17', at(8, 45)).time).toEqual(at(17, 45));
  });

  it('starts a part anew where a digit makes no valid value or follows a complete part', () => {
    expect(type('25')).toEqual({ time: at(5, 0), focus: 'minutes' });
    expect(type('1765').time).toEqual(at(17, 5));
    expect(type('17305').time).toEqual(at(17, 5));
  });

  it('sets a part back to 00 on Backspace and leaves other keys to the picker', () => {
    const backspace = typeTimeKey(at(17, 30), { part: 'minutes', digits: '3' }, 'Backspace');
    expect(backspace).toEqual({ time: at(17, 0), state: startTyping('minutes'), focus: null });
    for (const key of ['ArrowUp', 'Tab', 'Enter', 'Escape', 'a'])
      expect(typeTimeKey(at(1, 2), startTyping('hours'), key)).toBeNull();
  });

  it('writes the time into the picker value, on today when it has no day', () => {
    expect(withClockTime('2026-12-15 00:00:00', '2026-11-28', at(17, 30))).toBe('2026-12-15 17:30:00');
    expect(withClockTime(null, '2026-11-28', at(9, 5))).toBe('2026-11-28 09:05:00');
    expect(clockTimeOf('2026-12-15 17:30:00')).toEqual(at(17, 30));
    expect(clockTimeOf(null)).toEqual(at(0, 0));
  });
});
