/** The service offerings screen, loaded on first visit (its own chunk). */
export const loadServicesPage = async () => (await import('./services-page')).ServicesPage;
