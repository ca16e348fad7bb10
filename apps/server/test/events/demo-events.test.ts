import { EVENTS_API, type TEvent } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld } from '../helpers/world.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await createDemoWorld();
});
afterAll(() => w.close());

describe('the demo events', () => {
  it('should give the demo member past and upcoming events of every kind, with their own answers', async () => {
    const response = await w.app.inject({ url: EVENTS_API.list, headers: await w.login('mitglied') });
    expect(response.statusCode).toBe(200);
    const events = response.json<TEvent[]>();
    const byName = new Map(events.map((event) => [event.name, event]));
    expect(events).toHaveLength(6);
    expect(byName.get('Mitgliederversammlung 2026')).toMatchObject({
      mySubscription: true,
      registrationOpen: false,
    });
    expect(byName.get('Glastage 2026')).toMatchObject({
      mySubscription: true,
      canSubscribe: true,
      imagePath: 'logo.png',
    });
    expect(byName.get('Webinar: Die neue DIN 18008 in der Praxis')).toMatchObject({ mySubscription: false });
    expect(byName.get('Exkursion: Floatglaswerk')).toMatchObject({
      registrationOpen: false,
      canSubscribe: false,
    });
    expect(byName.get('Stammtisch Region Süd')).toMatchObject({
      teilnahmeausblenden: true,
      canSubscribe: false,
    });
    expect(byName.get('glasstec 2026 (externe Messe)')).toMatchObject({
      external: true,
      canSubscribe: false,
    });
    const image = byName.get('Glastage 2026')?.image ?? '';
    expect((await w.app.inject({ url: image })).statusCode).toBe(200);
  });

  it('should show the admin the participants and the partner the next three events', async () => {
    const admin = await w.login('admin');
    const [glastage] = (await w.app.inject({ url: EVENTS_API.list, headers: admin }))
      .json<TEvent[]>()
      .filter((event) => event.name === 'Glastage 2026');
    const detail = (
      await w.app.inject({ url: EVENTS_API.byId(glastage?.id ?? 0), headers: admin })
    ).json<TEvent>();
    // grouped by company: Glaserei Beispiel GmbH before Verband Flachglas e. V. (issue 36)
    expect(detail.eventSubscriptions.map((s) => s.user.username)).toEqual(['mitglied', 'admin']);
    expect(detail.participantCount).toBe(2);

    const next = await w.app.inject({ url: EVENTS_API.count(3), headers: await w.login('partner') });
    expect(next.statusCode).toBe(200);
    expect(next.json<TEvent[]>().map((event) => event.name)).toEqual([
      'Stammtisch Region Süd',
      'Webinar: Die neue DIN 18008 in der Praxis',
      'Exkursion: Floatglaswerk',
    ]);
  });
});
