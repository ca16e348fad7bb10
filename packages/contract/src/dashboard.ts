import { z } from 'zod';
// Answers the frame and the dashboard check before they show: zod/mini, tree-shakable (decision 0097).
import * as zm from 'zod/mini';

export const DASHBOARD_API = {
  /** GET (every logged-in role) and PUT (admins): the intro text of the dashboard. */
  intro: '/api/dashboard/intro',
} as const;

/** The dashboard's intro text (rich text, sanitised by the server). */
export const ZDashboardIntro = zm.object({ html: zm.string() });
export type TDashboardIntro = z.infer<typeof ZDashboardIntro>;

/** PUT /api/dashboard/intro: an empty text is allowed and hides the intro. */
export const ZDashboardIntroInput = z.object({
  html: z
    .string({ error: 'Der Text fehlt.' })
    .max(100_000, 'Der Text ist zu lang (höchstens 100.000 Zeichen).'),
});
