/** What other parts of the app use from the login feature. */
export { loginLoader } from './login-loader';

/** The login screen, loaded on first visit (its own chunk). */
export const loadLoginPage = async () => (await import('./login-page')).LoginPage;
