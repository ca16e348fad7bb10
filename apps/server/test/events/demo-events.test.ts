import type { TEvent } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/cli/demo-data.ts';
import { bearer, login } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const { app } = t;
  expect(
    await seedDemoData(app.accounts, { db: app.database.db, storage: app.storage, signer: app.signer }),
  ).toBe(true);
});
afterAll(() => t.close());

const as = async (username: string) => bearer(await login(t.app, username));

describe('the demo events', () => {
  it('should give the demo member past and upcoming events of every kind, with their own answers', async () => {
    const response = await t.app.inject({ url: '/api/event/', headers: await as('mitglied') });
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
    expect((await t.app.inject({ url: image })).statusCode).toBe(200);
  });

  it('should show the admin the participants and the partner the next three events', async () => {
    const admin = await as('admin');
    const [glastage] = (await t.app.inject({ url: '/api/event/', headers: admin }))
      .json<TEvent[]>()
      .filter((event) => event.name === 'Glastage 2026');
    const detail = (await t.app.inject({ url: `/api/event/${glastage?.id}`, headers: admin })).json<TEvent>();
    expect(detail.eventSubscriptions.map((s) => s.user.username)).toEqual(['admin', 'mitglied']);
    expect(detail.participantCount).toBe(2);

    const next = await t.app.inject({ url: '/api/event/count/3', headers: await as('partner') });
    expect(next.statusCode).toBe(200);
    expect(next.json<TEvent[]>().map((event) => event.name)).toEqual([
      'Stammtisch Region Süd',
      'Webinar: Die neue DIN 18008 in der Praxis',
      'Exkursion: Floatglaswerk',
    ]);
  });
});
