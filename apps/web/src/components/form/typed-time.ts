/**
 * What the keys typed into the hours and minutes of a date picker make of the time (issue 31 point 3). Mantine's
 * spin inputs read the text in the field, whatever the caret and the selection left there: with `00` shown and
 * the caret placed by a click, `1730` became 10:30 (mantinedev/mantine#9128, still so in 9.8.1). Here only the
 * digits typed since the field got the focus count, so `1730`, `17:30`, `930` and `0930` give what was meant.
 */

export type TimePart = 'hours' | 'minutes';

export interface ClockTime {
  hours: number;
  minutes: number;
}

/** The part being typed and its digits typed since it got the focus. */
export interface TypingState {
  part: TimePart;
  digits: string;
}

export interface TypedKey {
  time: ClockTime;
  state: TypingState;
  /** The part that takes the next keys, when the focus moves there. */
  focus: TimePart | null;
}

const MAX: Record<TimePart, number> = { hours: 23, minutes: 59 };
const SEPARATORS = new Set([':', '.', ',', ' ']);

export function startTyping(part: TimePart): TypingState {
  return { part, digits: '' };
}

/** A part is complete with two digits, or with one that no second digit could follow (`9` hours, `7` minutes). */
function isComplete(part: TimePart, digits: string): boolean {
  return digits.length >= 2 || Number(digits) * 10 > MAX[part];
}

function typeDigit(time: ClockTime, state: TypingState, digit: string): TypedKey {
  const { part } = state;
  const appended = state.digits.length >= 2 ? digit : state.digits + digit;
  // A second digit that makes no valid value starts the part anew, as the picker itself does (`25` → `5`).
  const digits = Number(appended) > MAX[part] ? digit : appended;
  const next = { ...time, [part]: Number(digits) };
  if (!isComplete(part, digits)) return { time: next, state: { part, digits }, focus: null };
  if (part === 'hours') return { time: next, state: startTyping('minutes'), focus: 'minutes' };
  return { time: next, state: startTyping('minutes'), focus: null };
}

/**
 * The effect of one key in a part: a digit, a separator (the hours are done) or Backspace/Delete (the part
 * back to 00). Null for every other key: the picker handles it (arrows, Tab, Enter, Escape).
 */
export function typeTimeKey(time: ClockTime, state: TypingState, key: string): TypedKey | null {
  if (/^[0-9]$/.test(key)) return typeDigit(time, state, key);
  if (SEPARATORS.has(key)) {
    if (state.part === 'hours') return { time, state: startTyping('minutes'), focus: 'minutes' };
    return { time, state, focus: null };
  }
  if (key === 'Backspace' || key === 'Delete') {
    return { time: { ...time, [state.part]: 0 }, state: startTyping(state.part), focus: null };
  }
  return null;
}

/** `2026-05-04 17:30:00` from a picker value (`YYYY-MM-DD HH:mm:ss`), or from `today` when it has none. */
export function withClockTime(value: string | null, today: string, time: ClockTime): string {
  const day = value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : today;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day} ${pad(time.hours)}:${pad(time.minutes)}:00`;
}

/** The time of a picker value, 00:00 without one. */
export function clockTimeOf(value: string | null): ClockTime {
  const match = value ? /\d{4}-\d{2}-\d{2}[ T](\d{2}):(\d{2})/.exec(value) : null;
  return match ? { hours: Number(match[1]), minutes: Number(match[2]) } : { hours: 0, minutes: 0 };
}
