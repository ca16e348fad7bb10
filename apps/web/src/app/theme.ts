import { createTheme, type MantineColorsTuple } from '@mantine/core';

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

export const theme = createTheme({
  primaryColor: 'petrol',
  primaryShade: 7,
  colors: { petrol },
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '600' },
  cursorType: 'pointer',
});
