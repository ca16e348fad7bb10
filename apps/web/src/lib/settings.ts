import { API, PUBLIC_SETTINGS_META, type TAppAddresses, type TPublicSettings } from '@portal/contract';

/**
 * Public settings of the server (host origin, login-form origins, contact e-mail, upload limit, host page). The server puts them
 * into a meta tag of index.html (no inline script, CSP script-src 'self'); under `npm run dev`, where
 * Vite serves index.html, they come from GET /api/settings instead.
 */

export const DEFAULT_SETTINGS: TPublicSettings = {
  hostOrigin: null,
  loginFormOrigins: [],
  contactEmail: '',
  // The server's default (README, UPLOAD_LIMIT_MB); the server checks every upload anyway.
  uploadLimitMb: 20,
  hostPageUrl: null,
};

let current: TPublicSettings = DEFAULT_SETTINGS;

export function getSettings(): TPublicSettings {
  return current;
}

/**
 * The contract's ZPublicSettings, checked by hand: the settings are read before the first screen, whose load
 * carries no zod (decision 0090). Unknown fields are dropped, as zod does.
 */
export function parsePublicSettings(value: unknown): TPublicSettings | null {
  if (typeof value !== 'object' || value === null) return null;
  const { hostOrigin, loginFormOrigins, contactEmail, uploadLimitMb, hostPageUrl } = value as Record<
    string,
    unknown
  >;
  if (hostOrigin !== null && typeof hostOrigin !== 'string') return null;
  if (!Array.isArray(loginFormOrigins) || !loginFormOrigins.every((origin) => typeof origin === 'string')) {
    return null;
  }
  if (typeof contactEmail !== 'string') return null;
  if (typeof uploadLimitMb !== 'number' || !Number.isInteger(uploadLimitMb) || uploadLimitMb <= 0)
    return null;
  if (hostPageUrl !== null && typeof hostPageUrl !== 'string') return null;
  return { hostOrigin, loginFormOrigins, contactEmail, uploadLimitMb, hostPageUrl };
}

export function readSettingsMeta(doc: Pick<Document, 'querySelector'>): TPublicSettings | null {
  const content = doc.querySelector(`meta[name="${PUBLIC_SETTINGS_META}"]`)?.getAttribute('content');
  if (!content) return null;
  try {
    return parsePublicSettings(JSON.parse(content));
  } catch {
    return null;
  }
}

export async function fetchSettings(fetchFn: typeof fetch): Promise<TPublicSettings | null> {
  try {
    const response = await fetchFn(API.settings, { headers: { Accept: 'application/json' } });
    if (!response.ok) return null;
    return parsePublicSettings(await response.json());
  } catch {
    return null;
  }
}

/** Reads the settings once at start-up; the app then reads them with getSettings(). */
export async function loadSettings(
  doc: Pick<Document, 'querySelector'>,
  fetchFn: typeof fetch,
): Promise<TPublicSettings> {
  current = readSettingsMeta(doc) ?? (await fetchSettings(fetchFn)) ?? DEFAULT_SETTINGS;
  return current;
}

/** Where the app's links lead (contract `appLink`): the host page when configured, else this origin. */
export function appAddresses(): TAppAddresses {
  return { publicUrl: window.location.origin, hostPageUrl: current.hostPageUrl };
}

/** SPEC §2 Login: the manual form appears only on an internal test origin. */
export function isLoginFormOrigin(settings: TPublicSettings, origin: string): boolean {
  return settings.loginFormOrigins.includes(origin);
}
