import { z } from 'zod';
// Answers the frame and the dashboard check before they show: zod/mini, tree-shakable (decision 0097).
import * as zm from 'zod/mini';
import { formList } from './form.ts';
import { ROLES } from './roles.ts';

export const AUTH_MESSAGES = {
  loginFailed: 'Bei der Anmeldung ist ein Fehler aufgetreten',
  usernameRequired: 'Benutzername ist ein Pflichtfeld.',
  passwordRequired: 'Passwort ist ein Pflichtfeld.',
  tokenRequired: 'Der Anmeldelink ist ungültig.',
  refreshTokenRequired: 'Das Aktualisierungs-Token fehlt.',
  sessionExpired: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  accountDisabled: 'Ihr Zugang ist gesperrt.',
  wrongApiKey: 'Der API-Schlüssel ist ungültig.',
  formNotAllowed: 'Die Anmeldung mit Passwort ist von dieser Seite aus nicht erlaubt.',
  usernameLookAlike:
    'Dieser Benutzername sieht aus wie der eines anderen Zugangs und kann nicht verwendet werden.',
  usernameReserved: 'Dieser Benutzername ist reserviert.',
  companyName: 'Der Firmenname muss 1 bis 200 Zeichen lang sein.',
  companyNumber:
    'Die Mitgliedsnummer darf nur Buchstaben, Ziffern und . / - enthalten (höchstens 20 Zeichen).',
  nameTooLong: 'Vor- und Nachname dürfen je höchstens 100 Zeichen lang sein.',
  passwordChecksBusy:
    'Gerade werden zu viele Anmeldungen gleichzeitig geprüft. Bitte versuchen Sie es in einigen Sekunden erneut.',
} as const;

const ZRole = zm.enum(ROLES);

/** POST /external/generate/login: the host's server (API key) or the test-origin form (password). */
export const ZGenerateLoginInput = z.object({
  username: z
    .string({ error: AUTH_MESSAGES.usernameRequired })
    .trim()
    .min(1, AUTH_MESSAGES.usernameRequired)
    .max(100),
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(1000)
    .optional(),
  email: z.email('Die E-Mail-Adresse ist ungültig.').max(254).optional(),
  company: z.string().trim().max(200).optional(),
  /** the member's company (issue 36 point 5): linked, or created when no company has the name */
  companyName: z
    .string()
    .trim()
    .min(1, AUTH_MESSAGES.companyName)
    .max(200, AUTH_MESSAGES.companyName)
    .optional(),
  /** the office's member number of the company; found before the name */
  companyNumber: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z][0-9A-Za-z./-]{0,19}$/, AUTH_MESSAGES.companyNumber)
    .optional(),
  /** the person's name (issue 36 point 6); an empty text clears it */
  firstName: z.string().trim().max(100, AUTH_MESSAGES.nameTooLong).optional(),
  lastName: z.string().trim().max(100, AUTH_MESSAGES.nameTooLong).optional(),
  roles: formList(z.array(ZRole).max(3)).optional(),
  groups: formList(z.array(z.string().trim().min(1).max(100)).max(50)).optional(),
});
export type TGenerateLoginInput = z.infer<typeof ZGenerateLoginInput>;

export const ZGenerateLoginResponse = z.object({ link: z.string() });

export const ZLoginQuery = z.object({
  token: z.string({ error: AUTH_MESSAGES.tokenRequired }).min(1, AUTH_MESSAGES.tokenRequired).max(200),
});

/** Login and refresh answer with a token pair (SPEC §3 "Auth state", §7 Auth). */
export const ZTokenPair = zm.object({ token: zm.string(), refreshToken: zm.string() });
export type TTokenPair = z.infer<typeof ZTokenPair>;

export const ZRefreshInput = z.object({
  refreshToken: z
    .string({ error: AUTH_MESSAGES.refreshTokenRequired })
    .min(1, AUTH_MESSAGES.refreshTokenRequired)
    .max(200),
});

export const ZLogoutInput = z.object({ refreshToken: z.string().max(200).optional() });

const ZUserGroup = zm.object({ id: zm.int(), name: zm.string(), internal: zm.boolean() });
export type TUserGroup = z.infer<typeof ZUserGroup>;

/** GET /api/account/profile: the session user with expanded roles (ARCHITECTURE §4). */
export const ZProfile = zm.object({
  id: zm.int(),
  username: zm.string(),
  email: zm.nullable(zm.string()),
  company: zm.nullable(zm.string()),
  roles: zm.array(ZRole),
  groups: zm.array(ZUserGroup),
});
export type TProfile = z.infer<typeof ZProfile>;

/**
 * `/api/health`: 503 with status 'down' when the database or the storage cannot be written and read back;
 * 200 with 'degraded' when the instance serves but needs an operator: the storage folder or the temp folder
 * of uploads has less free space than HEALTH_MIN_FREE_MB (`disk: 'low'`), or the mail relay did not answer
 * the last mail (`mail: 'down'`; 'unknown' before the first mail since start).
 */
export const ZHealth = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  database: z.enum(['up', 'down']),
  storage: z.enum(['up', 'down']),
  disk: z.enum(['ok', 'low']),
  mail: z.enum(['up', 'down', 'unknown']),
});
export type THealth = z.infer<typeof ZHealth>;

/** Settings the server hands to the web app through a meta tag of index.html (no inline script). */
export const ZPublicSettings = z.object({
  hostOrigin: z.string().nullable(),
  loginFormOrigins: z.array(z.string()),
  contactEmail: z.string(),
  /** UPLOAD_LIMIT_MB: the largest file an upload takes, named and checked when a file is chosen. */
  uploadLimitMb: z.number().int().positive(),
  /** HOST_PAGE_URL: links the app hands out ('Link kopieren') open the host page (issue 31) */
  hostPageUrl: z.string().nullable(),
});
export type TPublicSettings = z.infer<typeof ZPublicSettings>;
