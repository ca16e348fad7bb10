import { APP_PATHS, appLink, hostPageLink } from '@portal/contract';
import { describe, expect, it } from 'vitest';

describe('appLink (contract app-links.ts, issue 31)', () => {
  const portal = { publicUrl: 'https://portal.example/', hostPageUrl: null };
  const host = { publicUrl: 'https://portal.example', hostPageUrl: 'https://verband.example/mitglieder' };

  it("should point at the portal's own address without a host page", () => {
    expect(appLink(APP_PATHS.post(4), portal)).toBe('https://portal.example/blog/4');
    expect(appLink(APP_PATHS.contentItem(3, 7), portal)).toBe('https://portal.example/content/3?item=7');
  });

  it('should open the host page with the deep link when one is configured', () => {
    expect(appLink(APP_PATHS.post(4), host)).toBe('https://verband.example/mitglieder?portal=/blog/4');
    expect(appLink(APP_PATHS.thread(3, 12), host)).toBe(
      'https://verband.example/mitglieder?portal=/forum/3/thread/12',
    );
    expect(appLink(APP_PATHS.notificationSettings, host)).toBe(
      'https://verband.example/mitglieder?portal=/benachrichtigungen',
    );
  });

  it("should encode the deep link's own query so that it stays one parameter", () => {
    const link = appLink(APP_PATHS.contentItem(3, 7, 41), host);
    expect(link).toBe('https://verband.example/mitglieder?portal=/content/3%3Fitem%3D7%26row%3D41');
    expect(new URL(link).searchParams.get('portal')).toBe('/content/3?item=7&row=41');
  });

  it("should keep the host page's own parameters and fragment and replace an old deep link", () => {
    const page = 'https://verband.example/seite?id=5&lang=de#portal-bereich';
    expect(hostPageLink(page, '/event/2')).toBe(
      'https://verband.example/seite?id=5&lang=de&portal=/event/2#portal-bereich',
    );
    expect(hostPageLink('https://verband.example/?portal=%2Fblog&x=1', '/event/2')).toBe(
      'https://verband.example/?x=1&portal=/event/2',
    );
  });

  it('should leave the deep link out for the dashboard, where every login ends', () => {
    expect(hostPageLink('https://verband.example/seite?portal=/blog/1', APP_PATHS.dashboard)).toBe(
      'https://verband.example/seite',
    );
    expect(hostPageLink('https://verband.example/seite?id=5', '/')).toBe(
      'https://verband.example/seite?id=5',
    );
  });
});
