/** What other parts of the app use from the events feature. */
export { NextEvents } from './components/next-events';
