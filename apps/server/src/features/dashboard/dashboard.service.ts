import type { TDashboardIntro } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { createSettingsRepository } from '../../platform/db/settings.ts';
import { optionalRichText } from '../../platform/html/rich-text.ts';

const INTRO_KEY = 'dashboard.intro';

/** Shown until an admin saves an intro of their own. */
export const DEFAULT_DASHBOARD_INTRO =
  '<p><strong>Willkommen im Mitgliederportal!</strong></p>' +
  '<p>Hier finden Sie die neuesten Nachrichten aus dem Verband, die nächsten Veranstaltungen, Foren für den ' +
  'Austausch mit anderen Mitgliedern und alle Unterlagen rund um Ihre Mitgliedschaft.</p>';

export function createDashboardService(db: Kysely<DB>) {
  const settings = createSettingsRepository(db);
  return {
    async intro(): Promise<TDashboardIntro> {
      return { html: (await settings.get(INTRO_KEY)) ?? DEFAULT_DASHBOARD_INTRO };
    },

    /** Stores the sanitised text; an empty editor stores an empty intro. */
    async saveIntro(html: string): Promise<TDashboardIntro> {
      const clean = await optionalRichText(html, 'html', '');
      await settings.set(INTRO_KEY, clean);
      return { html: clean };
    },
  };
}
