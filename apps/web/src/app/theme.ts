import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';
import { de } from '../i18n/de';

/** A calm petrol blue, in the spirit of flat glass. */
const petrol: MantineColorsTuple = [
  '#e7f5f9',
  '#d2e8ef',
  '#a3cfdf',
  '#70b4ce',
  '#489ec0',
  '#2f90b7',
  '#1f89b4',
  '#0d6f93',
  '#00637f',
  '#005670',
];

/**
 * Mantine's palettes with shades 6–9 darkened, so that white text on a filled badge or button (shade 7),
 * outline text (6) and light-variant text (9 on 1) reach WCAG AA's 4.5:1. The hues stay those SPEC names
 * for event answers (green, red, blue, purple); shades 0–5 are Mantine's.
 */
const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#237a36',
  '#237a36',
  '#1e6b2f',
  '#1a5c29',
];
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#e03131',
  '#c92a2a',
  '#b02525',
  '#962020',
];
const blue: MantineColorsTuple = [
  '#e7f5ff',
  '#d0ebff',
  '#a5d8ff',
  '#74c0fc',
  '#4dabf7',
  '#339af0',
  '#1971c2',
  '#1864ab',
  '#145591',
  '#114a7e',
];
const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#c2410c',
  '#c2410c',
  '#a8380b',
  '#8f300a',
];
const grape: MantineColorsTuple = [
  '#f8f0fc',
  '#f3d9fa',
  '#eebefa',
  '#e599f7',
  '#da77f2',
  '#cc5de8',
  '#ae3ec9',
  '#ae3ec9',
  '#9c36b5',
  '#862e9c',
];

/**
 * German names for the controls Mantine draws itself (issue 31): the password field's visibility toggle
 * ('Toggle password visibility' in Mantine), close and clear buttons (unnamed in Mantine) and the calendars'
 * month arrows. Given as defaults by component name, so that no screen can forget them and no component
 * code is loaded for it; a screen's own, more specific name wins.
 */
function germanControls() {
  const texts = de.common.controls;
  const clearable = { defaultProps: { clearButtonProps: { 'aria-label': texts.clear } } };
  const closable = { defaultProps: { closeButtonProps: { 'aria-label': texts.close } } };
  const calendar = {
    defaultProps: {
      nextLabel: texts.nextMonth,
      previousLabel: texts.previousMonth,
      clearButtonProps: { 'aria-label': texts.clear },
    },
  };
  return {
    PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': texts.showPassword } } },
    FileInput: clearable,
    Select: clearable,
    MultiSelect: clearable,
    TagsInput: clearable,
    Modal: closable,
    Drawer: closable,
    Notification: closable,
    DateInput: calendar,
    DateTimePicker: calendar,
    DatePickerInput: calendar,
    DatePicker: calendar,
    Calendar: calendar,
  };
}

export const theme = createTheme({
  primaryColor: 'petrol',
  primaryShade: 7,
  colors: { petrol, green, red, blue, orange, grape },
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '600' },
  cursorType: 'pointer',
  components: germanControls(),
});

/**
 * WCAG 2.1 AA asks 4.5:1 for small text. Mantine's dimmed grey (gray-6) has 3.3:1 on white; this one has
 * 5.8:1 on white and 4.6:1 on the light petrol of a selected tree row. Placeholders: 4.8:1 instead of 2.1:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5f666d', '--mantine-color-placeholder': '#6b7280' },
  dark: {},
});
