import { APP_PATHS, appLink, hostPageLink, portalAddress } from '@portal/contract';
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

describe('APP_PATHS (contract app-links.ts, issue 32)', () => {
  it('should build the screens of SPEC §2', () => {
    expect(APP_PATHS.dashboard).toBe('/dashboard');
    expect(APP_PATHS.post(12)).toBe('/blog/12');
    expect(APP_PATHS.post(12, { ceo: true })).toBe('/blog/12?ceo=true');
    expect(APP_PATHS.post(12, { ceo: false })).toBe('/blog/12');
    expect(APP_PATHS.content(3)).toBe('/content/3');
    expect(APP_PATHS.contentItem(3, 7)).toBe('/content/3?item=7');
    expect(APP_PATHS.contentItem(3, 7, 0)).toBe('/content/3?item=7&row=0');
    expect(APP_PATHS.event(2)).toBe('/event/2');
    expect(APP_PATHS.forum(3)).toBe('/forum/3');
    expect(APP_PATHS.mediaCategory(5)).toBe('/media/5');
    expect(APP_PATHS.mediaFile(5, 9)).toBe('/media/5?file=9');
    expect(APP_PATHS.loginWithToken('a-b_c')).toBe('/login?token=a-b_c');
  });

  it('should open a thread at the first unread post, at a named page, or at a post on its page', () => {
    expect(APP_PATHS.thread(3, 7)).toBe('/forum/3/thread/7');
    expect(APP_PATHS.thread(3, 7, { page: 1 })).toBe('/forum/3/thread/7?page=1');
    expect(APP_PATHS.thread(3, 7, { page: 'last' })).toBe('/forum/3/thread/7?page=last');
    // a post without a page is on page 1, so page 1 is left out beside a post
    expect(APP_PATHS.thread(3, 7, { page: 1, post: 40 })).toBe('/forum/3/thread/7?post=40');
    expect(APP_PATHS.thread(3, 7, { page: 2, post: 40 })).toBe('/forum/3/thread/7?page=2&post=40');
  });

  it("should put addresses that are no app page on the portal's own origin", () => {
    expect(portalAddress('/api/calendar/x.ics', 'https://portal.example/')).toBe(
      'https://portal.example/api/calendar/x.ics',
    );
    expect(portalAddress(APP_PATHS.loginWithToken('t'), 'https://portal.example')).toBe(
      'https://portal.example/login?token=t',
    );
  });
});
