import { API, PUBLIC_SETTINGS_META, type TPublicSettings, ZPublicSettings } from '@portal/contract';

/**
 * Public settings of the server (host origin, login-form origins, contact e-mail). The server puts them
 * into a meta tag of index.html (no inline script, CSP script-src 'self'); under `npm run dev`, where
 * Vite serves index.html, they come from GET /api/settings instead.
 */

export const DEFAULT_SETTINGS: TPublicSettings = { hostOrigin: null, loginFormOrigins: [], contactEmail: '' };

let current: TPublicSettings = DEFAULT_SETTINGS;

export function getSettings(): TPublicSettings {
  return current;
}

export function readSettingsMeta(doc: Pick<Document, 'querySelector'>): TPublicSettings | null {
  const content = doc.querySelector(`meta[name="${PUBLIC_SETTINGS_META}"]`)?.getAttribute('content');
  if (!content) return null;
  try {
    const parsed = ZPublicSettings.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function fetchSettings(fetchFn: typeof fetch): Promise<TPublicSettings | null> {
  try {
    const response = await fetchFn(API.settings, { headers: { Accept: 'application/json' } });
    if (!response.ok) return null;
    const parsed = ZPublicSettings.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
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

/** SPEC §2 Login: the manual form appears only on an internal test origin. */
export function isLoginFormOrigin(settings: TPublicSettings, origin: string): boolean {
  return settings.loginFormOrigins.includes(origin);
}
