import { DASHBOARD_API, MESSAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_DASHBOARD_INTRO,
  DEFAULT_PARTNER_INTRO,
} from '../../src/features/dashboard/dashboard.service.ts';
import { createWorld, type World } from '../helpers/world.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.t.close());

const get = (headers: Record<string, string>) => w.t.app.inject({ url: DASHBOARD_API.intro, headers });
const put = (headers: Record<string, string>, payload: unknown) =>
  w.t.app.inject({ method: 'PUT', url: DASHBOARD_API.intro, headers, payload: payload as object });

describe('/api/dashboard/intro', () => {
  it('should give each role its German default until an admin saves a text, and admins both', async () => {
    // A world of its own: the other tests save texts.
    const fresh = await createWorld();
    const read = async (headers: Record<string, string>) => {
      const response = await fresh.app.inject({ url: DASHBOARD_API.intro, headers });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    try {
      expect(await read(fresh.as.mitglied)).toEqual({ html: DEFAULT_DASHBOARD_INTRO });
      expect(await read(fresh.as.partner)).toEqual({ html: DEFAULT_PARTNER_INTRO });
      expect(await read(fresh.as.admin)).toEqual({
        html: DEFAULT_DASHBOARD_INTRO,
        partnerHtml: DEFAULT_PARTNER_INTRO,
      });
    } finally {
      await fresh.close();
    }
    expect(DEFAULT_DASHBOARD_INTRO).toContain('Willkommen im Mitgliederportal');
    // issue 31: no word of forums and member documents to partners, who cannot open them
    expect(DEFAULT_PARTNER_INTRO).toContain('Willkommen');
    expect(DEFAULT_PARTNER_INTRO).not.toMatch(/Foren|Veranstaltungen/);
  });

  it('should store the text an admin saves, sanitised', async () => {
    const response = await put(w.as.admin, {
      html: '<p onmouseover="x()">Hallo <strong>Mitglieder</strong></p><script>alert(1)</script><img src="javascript:x">',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      html: '<p>Hallo <strong>Mitglieder</strong></p><img />',
      partnerHtml: DEFAULT_PARTNER_INTRO,
    });
    const read = await get(w.as.mitglied);
    expect(read.json()).toEqual({ html: '<p>Hallo <strong>Mitglieder</strong></p><img />' });
    expect((await get(w.as.partner)).json()).toEqual({ html: DEFAULT_PARTNER_INTRO });
  });

  it("should store the partners' text apart: partners read it, members keep theirs (issue 31)", async () => {
    const members = (await get(w.as.mitglied)).json();
    const response = await put(w.as.admin, {
      html: '<p>Willkommen, <em>Partner</em>!</p><script>x()</script>',
      audience: 'partners',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...members, partnerHtml: '<p>Willkommen, <em>Partner</em>!</p>' });
    expect((await get(w.as.partner)).json()).toEqual({ html: '<p>Willkommen, <em>Partner</em>!</p>' });
    expect((await get(w.as.mitglied)).json()).toEqual(members);
    expect((await get(w.as.chef)).json()).toEqual(members);
  });

  it('should refuse an unknown audience with 400 and a German message', async () => {
    const response = await put(w.as.admin, { html: '<p>x</p>', audience: 'gaeste' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { audience: 'Unbekannte Zielgruppe.' } });
  });

  it('should store an empty editor as an empty intro', async () => {
    const response = await put(w.as.admin, { html: '<p></p>' });
    expect(response.statusCode).toBe(200);
    expect((await get(w.as.mitglied)).json()).toEqual({ html: '' });
    expect((await get(w.as.partner)).json()).not.toEqual({ html: '' });
  });

  it.each(['mitglied', 'partner', 'chef'] as const)('should refuse a change by %s with 403', async (user) => {
    const before = (await get(w.as.admin)).json();
    const response = await put(w.as[user], { html: '<p>Übernommen?</p>' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: MESSAGES.forbidden });
    expect((await get(w.as.admin)).json()).toEqual(before);
  });

  it('should refuse requests without token with 401', async () => {
    expect((await get({})).statusCode).toBe(401);
    expect((await put({}, { html: '<p>x</p>' })).statusCode).toBe(401);
  });

  it('should refuse a body without html with 400 and a German message', async () => {
    const response = await put(w.as.admin, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Der Text fehlt.', errors: { html: 'Der Text fehlt.' } });
  });
});
