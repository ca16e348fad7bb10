import { preloadable } from '../../components/preloadable';

/** What other parts of the app use from the login feature. */
export { type LoginLoaderData, loginLoader } from './login-loader';

/**
 * The login screen, loaded on first visit (its own chunk); not for a login link, which leads on to the
 * dashboard (issue 19).
 */
export const loginPage = preloadable(async () => (await import('./login-page')).LoginPage);
