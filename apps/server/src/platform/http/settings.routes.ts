import { API, type TPublicSettings, ZPublicSettings } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TConfig } from '../../config.ts';

/** What the web app may know of the configuration: also written into index.html (platform/http/spa.ts). */
export function publicSettings(config: TConfig): TPublicSettings {
  return {
    hostOrigin: config.hostOrigin ?? null,
    loginFormOrigins: config.loginFormOrigins,
    contactEmail: config.contactEmail,
    uploadLimitMb: config.uploadLimitBytes / (1024 * 1024),
    hostPageUrl: config.hostPageUrl,
  };
}

/** GET /api/settings: the public settings, without a token. */
export const settingsRoutes: FastifyPluginAsyncZod<{ settings: TPublicSettings }> = async (app, opts) => {
  app.get(
    API.settings,
    { schema: { tags: ['platform'], response: { 200: ZPublicSettings } } },
    async () => opts.settings,
  );
};
