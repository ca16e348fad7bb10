import { createStore } from '../external-store';

/**
 * An address a deep link asked for (the host page's `?portal=`, a mail's link) that the member's role may not
 * open: the route guard leaves them on the dashboard, which says why and clears it (issue 31).
 */
export const deniedRequest = createStore<string | null>(null);
