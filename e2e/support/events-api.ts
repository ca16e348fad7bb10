/**
 * Events through the API (POST /api/event/ multipart, DELETE /api/event/{id}, answers through
 * POST /api/eventSubscription/status), so that event specs create their own events with unique names and
 * remove them afterwards.
 */
import { type APIRequestContext, expect } from '@playwright/test';
import { loginLink } from './auth.ts';
import { APP_ORIGIN } from './origins.ts';

export interface TEventFixture {
  name: string;
  description?: string;
  location?: string | null;
  start: Date;
  end: Date;
  url?: string | null;
  registrationDeadline?: Date | null;
  external?: boolean;
  teilnahmeausblenden?: boolean;
}

export interface TEventAnswer {
  mySubscription: boolean | null;
  participantCount: number | null;
}

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

export class EventsApi {
  private readonly request: APIRequestContext;
  private readonly headers: { authorization: string };

  private constructor(request: APIRequestContext, token: string) {
    this.request = request;
    this.headers = { authorization: `Bearer ${token}` };
  }

  static async as(request: APIRequestContext, username: string): Promise<EventsApi> {
    const link = new URL(await loginLink(request, username));
    const response = await request.get(`${APP_ORIGIN}/api/auth/login${link.search}`);
    expect(response.status(), await response.text()).toBe(200);
    return new EventsApi(request, ((await response.json()) as { token: string }).token);
  }

  /** Creates an event; returns its id. */
  async createEvent(fixture: TEventFixture): Promise<number> {
    const event = {
      name: fixture.name,
      description: fixture.description ?? `<p>Beschreibung von ${fixture.name}</p>`,
      location: fixture.location ?? 'Düsseldorf',
      start: fixture.start.toISOString(),
      end: fixture.end.toISOString(),
      url: fixture.url ?? null,
      registrationDeadline: fixture.registrationDeadline?.toISOString() ?? null,
      external: fixture.external ?? false,
      teilnahmeausblenden: fixture.teilnahmeausblenden ?? false,
    };
    const response = await this.request.post(`${APP_ORIGIN}/api/event/`, {
      headers: this.headers,
      multipart: { event: JSON.stringify(event) },
    });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { id: number }).id;
  }

  /** Attends (true) or declines (false) as this user. */
  async answer(id: number, attend: boolean): Promise<void> {
    const response = await this.request.post(`${APP_ORIGIN}/api/eventSubscription/status`, {
      headers: this.headers,
      form: { event: JSON.stringify({ id }), status: attend ? '1' : '0' },
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  async event(id: number): Promise<TEventAnswer> {
    const response = await this.request.get(`${APP_ORIGIN}/api/event/${id}`, { headers: this.headers });
    expect(response.status()).toBe(200);
    return (await response.json()) as TEventAnswer;
  }

  /** Ids of the events with exactly this name. */
  async idsNamed(name: string): Promise<number[]> {
    const response = await this.request.get(`${APP_ORIGIN}/api/event/`, { headers: this.headers });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { id: number; name: string }[])
      .filter((event) => event.name === name)
      .map((event) => event.id);
  }

  /** Deletes events; missing ones are fine. */
  async deleteEvents(ids: readonly number[]): Promise<void> {
    for (const id of ids) {
      const response = await this.request.delete(`${APP_ORIGIN}/api/event/${id}`, { headers: this.headers });
      expect([204, 404]).toContain(response.status());
    }
  }
}
