import dayjs from 'dayjs';
import 'dayjs/locale/de';

/** German month and day names in Mantine's date pickers and calendars (SPEC §9), which use dayjs. */
dayjs.locale('de');
