import { hasRole, type TDashboardIntro, type TIntroAudience } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import type { DB } from '../../platform/db/schema.ts';
import { createSettingsRepository } from '../../platform/db/settings.ts';
import { optionalRichText } from '../../platform/html/rich-text.ts';

const INTRO_KEYS: Record<TIntroAudience, string> = {
  members: 'dashboard.intro',
  partners: 'dashboard.partnerIntro',
};

/** Shown until an admin saves an intro of their own. */
export const DEFAULT_DASHBOARD_INTRO =
  '<p><strong>Willkommen im Mitgliederportal!</strong></p>' +
  '<p>Hier finden Sie die neuesten Nachrichten aus dem Verband, die nächsten Veranstaltungen, Foren für den ' +
  'Austausch mit anderen Mitgliedern und alle Unterlagen rund um Ihre Mitgliedschaft.</p>';

/** The partners' welcome until an admin saves one: it names only what a partner may open (issue 31). */
export const DEFAULT_PARTNER_INTRO =
  '<p><strong>Willkommen im Portal des Verbands!</strong></p>' +
  '<p>Als Partner des Verbands finden Sie hier die neuesten Nachrichten und Beiträge aus dem Verband.</p>';

const DEFAULTS: Record<TIntroAudience, string> = {
  members: DEFAULT_DASHBOARD_INTRO,
  partners: DEFAULT_PARTNER_INTRO,
};

/** Partners (ROLE_PARTNER alone) read the partners' text; members and admins the members'. */
function audienceOf(principal: Principal): TIntroAudience {
  return hasRole(principal.roles, 'ROLE_USER') ? 'members' : 'partners';
}

export function createDashboardService(db: Kysely<DB>) {
  const settings = createSettingsRepository(db);
  const text = async (audience: TIntroAudience) =>
    (await settings.get(INTRO_KEYS[audience])) ?? DEFAULTS[audience];
  /** Both texts, for the admins who edit them. */
  const both = async (): Promise<TDashboardIntro> => ({
    html: await text('members'),
    partnerHtml: await text('partners'),
  });

  return {
    async intro(principal: Principal): Promise<TDashboardIntro> {
      return principal.isAdmin ? both() : { html: await text(audienceOf(principal)) };
    },

    /** Stores the sanitised text of one audience; an empty editor stores an empty intro. */
    async saveIntro(html: string, audience: TIntroAudience): Promise<TDashboardIntro> {
      await settings.set(INTRO_KEYS[audience], await optionalRichText(html, 'html', ''));
      return both();
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
