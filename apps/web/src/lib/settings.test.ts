import { ZPublicSettings } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  fetchSettings,
  isLoginFormOrigin,
  loadSettings,
  parsePublicSettings,
  readSettingsMeta,
} from './settings';

const SETTINGS = {
  hostOrigin: 'https://www.verband.example',
  loginFormOrigins: ['http://localhost:8080'],
  contactEmail: 'info@verband.example',
  uploadLimitMb: 20,
  hostPageUrl: 'https://www.verband.example/portal',
};

function doc(content: string | null): Pick<Document, 'querySelector'> {
  return {
    querySelector: ((selector: string) =>
      selector === 'meta[name="portal-settings"]' && content !== null
        ? { getAttribute: (name: string) => (name === 'content' ? content : null) }
        : null) as Document['querySelector'],
  };
}

const noFetch = (async () => {
  throw new Error('must not fetch');
}) as typeof fetch;

describe('settings', () => {
  it('reads the settings from the meta tag the server fills in', () => {
    expect(readSettingsMeta(doc(JSON.stringify(SETTINGS)))).toEqual(SETTINGS);
  });

  it('ignores a missing or broken meta tag', () => {
    expect(readSettingsMeta(doc(null))).toBeNull();
    expect(readSettingsMeta(doc('{broken'))).toBeNull();
    expect(readSettingsMeta(doc('{"hostOrigin":1}'))).toBeNull();
  });

  it('prefers the meta tag and fetches /api/settings only without it (npm run dev)', async () => {
    expect(await loadSettings(doc(JSON.stringify(SETTINGS)), noFetch)).toEqual(SETTINGS);
    const requested: string[] = [];
    const fetchStub = (async (input: RequestInfo | URL) => {
      requested.push(String(input));
      return Response.json({ ...SETTINGS, hostOrigin: null });
    }) as typeof fetch;
    expect(await loadSettings(doc(null), fetchStub)).toEqual({ ...SETTINGS, hostOrigin: null });
    expect(requested).toEqual(['/api/settings']);
  });

  it('falls back to safe defaults when the server cannot tell', async () => {
    expect(await fetchSettings(noFetch)).toBeNull();
    expect(await loadSettings(doc(null), noFetch)).toEqual(DEFAULT_SETTINGS);
  });

  it('shows the login form only on a configured origin (exact match)', () => {
    expect(isLoginFormOrigin(SETTINGS, 'http://localhost:8080')).toBe(true);
    expect(isLoginFormOrigin(SETTINGS, 'http://localhost:8081')).toBe(false);
    expect(isLoginFormOrigin(DEFAULT_SETTINGS, 'http://localhost:8080')).toBe(false);
  });
});

describe('parsePublicSettings', () => {
  const cases: unknown[] = [
    SETTINGS,
    { ...SETTINGS, hostOrigin: null },
    { ...SETTINGS, extra: 'dropped' },
    { ...SETTINGS, hostOrigin: undefined },
    { ...SETTINGS, hostOrigin: 42 },
    { ...SETTINGS, loginFormOrigins: 'http://localhost:8080' },
    { ...SETTINGS, loginFormOrigins: ['http://localhost:8080', 1] },
    { ...SETTINGS, contactEmail: null },
    { ...SETTINGS, uploadLimitMb: 7 },
    { ...SETTINGS, uploadLimitMb: '20' },
    { ...SETTINGS, uploadLimitMb: 0 },
    { ...SETTINGS, uploadLimitMb: 2.5 },
    { ...SETTINGS, uploadLimitMb: undefined },
    { ...SETTINGS, hostPageUrl: null },
    { ...SETTINGS, hostPageUrl: undefined },
    { ...SETTINGS, hostPageUrl: 7 },
    { hostOrigin: null, loginFormOrigins: [] },
    null,
    'settings',
    [],
  ];

  it('accepts and rejects what the contract schema does, without zod in the first load', () => {
    for (const value of cases) {
      const parsed = ZPublicSettings.safeParse(value);
      expect(parsePublicSettings(value)).toEqual(parsed.success ? parsed.data : null);
    }
  });
});
