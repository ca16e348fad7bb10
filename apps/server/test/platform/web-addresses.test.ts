import {
  CATEGORY_MESSAGES,
  EVENT_MESSAGES,
  type TContentCategory,
  type TEvent,
  withWebScheme,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCell } from '../../src/platform/csv/parse-csv.ts';
import { sanitizeRichText } from '../../src/platform/html/sanitize.ts';
import { flatten, saveCategory } from '../categories/category-helpers.ts';
import { eventInput, saveEvent } from '../events/event-helpers.ts';
import { createWorld, type World } from '../helpers/world.ts';

/**
 * Issue 31 (decision 0127): members write web addresses as `www.verband.example`. Wherever the portal takes
 * an address, such a one is the https:// address; the link rule of decisions 0047 and 0100 then judges it.
 */
describe('withWebScheme', () => {
  it.each([
    ['www.verband.example', 'https://www.verband.example'],
    ['WWW.Verband.example/Seite?a=1#b', 'https://WWW.Verband.example/Seite?a=1#b'],
    ['https://www.verband.example', 'https://www.verband.example'],
    ['/dienstleistungsangebote', '/dienstleistungsangebote'],
    ['www.', 'www.'],
    ['www./pfad', 'www./pfad'],
    ['www.\\evil.example', 'www.\\evil.example'],
    ['wwwverband.example', 'wwwverband.example'],
    ['Dokumente/www.plan.pdf', 'Dokumente/www.plan.pdf'],
  ])('reads %s as %s', (typed, address) => {
    expect(withWebScheme(typed)).toBe(address);
  });
});

describe('where the portal takes an address', () => {
  let w: World;
  beforeAll(async () => {
    w = await createWorld();
  });
  afterAll(() => w.close());

  it("should save an event's www. link with https:// and refuse a broken one in German", async () => {
    const saved = await saveEvent(w, w.as.admin, eventInput({ url: ' www.glastage.example/programm ' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<TEvent>().url).toBe('https://www.glastage.example/programm');
    for (const url of ['www.', 'www .glastage.example', 'glastage.example']) {
      const refused = await saveEvent(w, w.as.admin, eventInput({ url }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ 'event.url': EVENT_MESSAGES.urlInvalid });
    }
  });

  it("should save a url category's www. address with https://", async () => {
    const response = await saveCategory(w, w.as.admin, {
      name: 'Verbandsseite',
      type: 'url',
      url: 'www.verband.example/mitglieder',
      visibleForUserGroups: [w.groups.mitglieder],
    });
    expect(response.statusCode, response.body).toBe(200);
    const node = flatten(response.json<TContentCategory[]>()).find((entry) => entry.name === 'Verbandsseite');
    expect(node?.url).toBe('https://www.verband.example/mitglieder');
    const refused = await saveCategory(w, w.as.admin, {
      name: 'Kaputt',
      type: 'url',
      url: 'www.',
      visibleForUserGroups: [w.groups.mitglieder],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ 'contentCategory.url': CATEGORY_MESSAGES.urlInvalid });
  });

  it('should make a www. link in rich text and in a table cell an https:// link', () => {
    expect(sanitizeRichText('<p><a href="www.verband.example/x">Verband</a></p>')).toBe(
      '<p><a href="https://www.verband.example/x">Verband</a></p>',
    );
    expect(toCell('[Verband](www.verband.example)')).toEqual({
      title: 'Verband',
      url: 'https://www.verband.example',
    });
  });
});
