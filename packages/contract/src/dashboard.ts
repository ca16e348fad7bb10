import { z } from 'zod';
// Answers the frame and the dashboard check before they show: zod/mini, tree-shakable (decision 0097).
import * as zm from 'zod/mini';

export const DASHBOARD_API = {
  /** GET (every logged-in role) and PUT (admins): the intro text of the dashboard. */
  intro: '/api/dashboard/intro',
} as const;

/**
 * The dashboard's intro text (rich text, sanitised by the server): members and partners each get the text
 * written for them (issue 31); admins get both, the partners' as `partnerHtml`, to edit them.
 */
export const ZDashboardIntro = zm.object({ html: zm.string(), partnerHtml: zm.optional(zm.string()) });
export type TDashboardIntro = z.infer<typeof ZDashboardIntro>;

/** Who an intro text is for: members (ROLE_USER and admins) or partners (ROLE_PARTNER only). */
const INTRO_AUDIENCES = ['members', 'partners'] as const;
export type TIntroAudience = (typeof INTRO_AUDIENCES)[number];

/** PUT /api/dashboard/intro: an empty text is allowed and hides the intro; `audience` defaults to members. */
export const ZDashboardIntroInput = z.object({
  html: z
    .string({ error: 'Der Text fehlt.' })
    .max(100_000, 'Der Text ist zu lang (höchstens 100.000 Zeichen).'),
  audience: z.enum(INTRO_AUDIENCES, { error: 'Unbekannte Zielgruppe.' }).default('members'),
});
