/** Mantine's banner store, loaded with the first banner (alerts.ts), not with the first load (issue 19). */
export { notifications } from '@mantine/notifications';
