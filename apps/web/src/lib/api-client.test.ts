import { ZTokenPair } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { de } from '../i18n/de';
import { createActivity } from './activity';
import { type ApiClientDeps, createApiClient } from './api-client';
import { ApiError } from './api-error';

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: BodyInit | null | undefined;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const ORIGIN = 'http://portal.test';

function setup(
  respond: (call: Call) => Response | Promise<Response> = () => json({ ok: true }),
  renewed: string | null = null,
) {
  const calls: Call[] = [];
  const errors: string[] = [];
  const renewals: string[] = [];
  let unauthorized = 0;
  let token: string | null = 'tok-1';
  const activity = createActivity();
  const deps: ApiClientDeps = {
    fetch: async (input, init) => {
      const call = {
        url: String(input),
        method: init?.method ?? 'GET',
        headers: new Headers(init?.headers),
        body: init?.body,
      };
      calls.push(call);
      return respond(call);
    },
    getToken: async () => token,
    renewToken: async (rejected) => {
      renewals.push(rejected);
      return renewed;
    },
    origin: ORIGIN,
    activity,
    onError: (message) => errors.push(message),
    onUnauthorized: () => {
      unauthorized += 1;
    },
  };
  return {
    api: createApiClient(deps),
    calls,
    errors,
    renewals,
    activity,
    setToken: (next: string | null) => {
      token = next;
    },
    unauthorized: () => unauthorized,
  };
}

describe('api client', () => {
  it('sends Authorization: BEARER <token> on ordinary calls', async () => {
    const { api, calls } = setup();
    await api.get('/api/blog/');
    expect(calls[0]?.headers.get('Authorization')).toBe('BEARER tok-1');
  });

  it.each([
    '/api/auth/login?token=abc',
    '/api/auth/token/refresh',
    '/api/auth/resetPassword',
    '/api/auth/resetPassword/confirm',
  ])('sends no Authorization header to %s', async (path) => {
    const { api, calls } = setup();
    await api.post(path, { refreshToken: 'r' });
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
  });

  it.each(['/external/generate/login', '/dashboard', '/media-files/abc'])(
    'sends no Authorization header outside /api and /mediaLibrary: %s',
    async (path) => {
      const { api, calls } = setup();
      await api.post(path, { username: 'x' });
      expect(calls).toHaveLength(1);
      expect(calls[0]?.headers.has('Authorization')).toBe(false);
    },
  );

  it('sends the token with downloads from the media library', async () => {
    const { api, calls } = setup(() => new Response('x'));
    await api.download('/mediaLibrary/Dokumente/Merkblatt%20DIN.pdf');
    expect(calls[0]?.url).toBe(`${ORIGIN}/mediaLibrary/Dokumente/Merkblatt%20DIN.pdf`);
    expect(calls[0]?.headers.get('Authorization')).toBe('BEARER tok-1');
  });

  // A browser resolves dot segments (also written %2e) and backslashes before it sends a request, so a path
  // the app built under /mediaLibrary/ could reach any API route with the member's token.
  it.each([
    '/mediaLibrary/%2e%2e/api/blog/sendAsBreakingNews/3.',
    '/mediaLibrary/%2E%2E/api/eventSubscription/participantsAsCsv/3',
    '/mediaLibrary/.%2e/api/blog/sendAsBreakingNews/3.',
    '/mediaLibrary/../api/blog/sendAsBreakingNews/3',
    '/mediaLibrary/a/./../../api/blog/3',
    '/mediaLibrary\\..\\api/blog/sendAsBreakingNews/3',
    '/api/blog/%2e%2e/sendAsBreakingNews/3',
    '/mediaLibrary/%zz.pdf',
    '//evil.example/api/blog/',
    '/\\evil.example/api/blog/',
    'https://evil.example/api/blog/',
    'api/blog/',
  ])('refuses to call %s and sends nothing', async (path) => {
    const { api, calls, errors } = setup();
    await expect(api.download(path)).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(0);
    expect(errors).toHaveLength(1);
  });

  it('sends JSON bodies and parses JSON answers', async () => {
    const { api, calls } = setup(() => json({ token: 't', refreshToken: 'r' }));
    const pair = await api.post('/api/auth/token/refresh', { refreshToken: 'r0' }, { schema: ZTokenPair });
    expect(pair).toEqual({ token: 't', refreshToken: 'r' });
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toBe('{"refreshToken":"r0"}');
  });

  it('sends PUT with a JSON body', async () => {
    const { api, calls } = setup(() => json({ html: '<p>Hallo</p>' }));
    const saved = await api.put('/api/dashboard/intro', { html: '<p>Hallo</p>' });
    expect(saved).toEqual({ html: '<p>Hallo</p>' });
    expect(calls[0]?.method).toBe('PUT');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.headers.get('Authorization')).toBe('BEARER tok-1');
    expect(calls[0]?.body).toBe('{"html":"<p>Hallo</p>"}');
  });

  it('sends PATCH with a JSON body of the changed fields', async () => {
    const { api, calls } = setup(() => json({ id: 3, name: 'Vorstand' }));
    const saved = await api.patch('/api/admin/groups/3', { name: 'Vorstand' });
    expect(saved).toEqual({ id: 3, name: 'Vorstand' });
    expect(calls[0]?.method).toBe('PATCH');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.headers.get('Authorization')).toBe('BEARER tok-1');
    expect(calls[0]?.body).toBe('{"name":"Vorstand"}');
  });

  it('sends forms as multipart with JSON fields', async () => {
    const { api, calls } = setup();
    await api.postForm('/api/event/', { event: { name: 'Messe' }, status: 1, file: new Blob(['x']) });
    const body = calls[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('event')).toBe('{"name":"Messe"}');
    expect(form.get('status')).toBe('1');
    expect(form.get('file')).toBeInstanceOf(Blob);
    expect(calls[0]?.headers.has('Content-Type')).toBe(false);
  });

  it('sends a multipart PUT (a logo) with its file and the token', async () => {
    const { api, calls } = setup();
    await api.putForm('/api/companies/7/logo', { logo: new Blob(['png']) });
    expect(calls[0]?.method).toBe('PUT');
    const body = calls[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('logo')).toBeInstanceOf(Blob);
    expect(calls[0]?.headers.has('Content-Type')).toBe(false);
    expect(calls[0]?.headers.get('Authorization')).toBe('BEARER tok-1');
  });

  it('rejects with the detail of an error response and shows it in the banner', async () => {
    const { api, errors } = setup(() =>
      json({ detail: 'Titel ist ein Pflichtfeld.', errors: { title: 'x' } }, 400),
    );
    const error = await api.post('/api/blog/', {}).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Titel ist ein Pflichtfeld.');
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).fieldErrors).toEqual({ title: 'x' });
    expect(errors).toEqual(['Titel ist ein Pflichtfeld.']);
  });

  it('falls back to a German message when the error response has no detail', async () => {
    const { api } = setup(() => new Response('<html>Bad Gateway</html>', { status: 502 }));
    await expect(api.get('/api/blog/')).rejects.toThrow('Es ist ein interner Fehler aufgetreten.');
  });

  it('rejects with a German message when the server cannot be reached', async () => {
    const { api, errors } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.get('/api/blog/')).rejects.toThrow(de.errors.network);
    expect(errors).toEqual([de.errors.network]);
  });

  it('does not show the banner for silent calls', async () => {
    const { api, errors } = setup(() => json({ detail: 'Nein' }, 403));
    await expect(api.get('/api/blog/', { silent: true })).rejects.toThrow('Nein');
    expect(errors).toEqual([]);
  });

  // issue 30: only a 401 after a refresh attempt ends a session.
  it('asks the session for a new token when the server refuses one, and ends nothing when none comes', async () => {
    const { api, errors, unauthorized, renewals, calls } = setup(() =>
      json({ detail: 'Bitte melden Sie sich an.' }, 401),
    );
    await expect(api.get('/api/account/profile')).rejects.toThrow('Bitte melden Sie sich an.');
    expect(renewals).toEqual(['tok-1']);
    expect(calls).toHaveLength(1);
    expect(unauthorized()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('repeats a refused call once with the renewed token', async () => {
    const { api, calls, unauthorized } = setup(
      (call) =>
        call.headers.get('Authorization') === 'BEARER tok-2'
          ? json({ ok: true })
          : json({ detail: 'x' }, 401),
      'tok-2',
    );
    expect(await api.post('/api/forumPost/', { content: 'a' })).toEqual({ ok: true });
    expect(calls.map((call) => call.headers.get('Authorization'))).toEqual(['BEARER tok-1', 'BEARER tok-2']);
    expect(calls[1]?.body).toBe('{"content":"a"}');
    expect(unauthorized()).toBe(0);
  });

  it('reports the session as ended when the renewed token is refused too, instead of the banner', async () => {
    const { api, calls, errors, unauthorized } = setup(() => json({ detail: 'abgelaufen' }, 401), 'tok-2');
    await expect(api.get('/api/blog/')).rejects.toThrow('abgelaufen');
    expect(calls).toHaveLength(2);
    expect(unauthorized()).toBe(1);
    expect(errors).toEqual([]);
  });

  it("sends a token it is given instead of the session's, and leaves its 401 to the caller", async () => {
    const { api, calls, renewals, unauthorized } = setup(() => json({ detail: 'abgelaufen' }, 401));
    const error = await api
      .get('/api/account/profile', { token: 'link-token', silent: true })
      .catch((reason: unknown) => reason);
    expect(error).toMatchObject({ status: 401, message: 'abgelaufen' });
    expect(calls[0]?.headers.get('Authorization')).toBe('BEARER link-token');
    expect(renewals).toEqual([]);
    expect(unauthorized()).toBe(0);
  });

  // A page opened as http://user@host/ resolves a relative address to one with the credentials, which
  // fetch refuses to send (issue 30): every request goes to the checked absolute address.
  it('sends every request to its absolute address on the origin', async () => {
    const { api, calls } = setup();
    await api.get('/api/blog/?tag=Glas');
    expect(calls[0]?.url).toBe(`${ORIGIN}/api/blog/?tag=Glas`);
  });

  it('shows a 401 of a call without token as an ordinary error', async () => {
    const { api, errors, unauthorized, setToken } = setup(() =>
      json({ detail: 'Bei der Anmeldung ist ein Fehler aufgetreten' }, 401),
    );
    setToken(null);
    await expect(api.post('/external/generate/login', { username: 'x' })).rejects.toThrow();
    expect(unauthorized()).toBe(0);
    expect(errors).toEqual(['Bei der Anmeldung ist ein Fehler aufgetreten']);
  });

  it('counts running requests for the spinner unless a request hides it', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { api, activity } = setup(async () => {
      await gate;
      return json({});
    });
    const shown = api.get('/api/blog/');
    const hidden = api.post('/api/auth/token/refresh', {}, { hideSpinner: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(activity.pending.get()).toBe(1);
    release();
    await Promise.all([shown, hidden]);
    expect(activity.pending.get()).toBe(0);
  });

  it('rejects an answer that does not match the schema', async () => {
    const { api } = setup(() => json({ token: 1 }));
    await expect(api.get('/api/auth/login?token=x', { schema: ZTokenPair })).rejects.toThrow(
      de.errors.invalidResponse,
    );
  });

  it('loads a schema given as a loader once, before the answer is read, and checks the answer with it', async () => {
    let loads = 0;
    let sent = 0;
    const { api } = setup(() => {
      sent += 1;
      // The loader started with the request, not after the answer.
      expect(loads).toBe(1);
      return sent === 1 ? json({ token: 't', refreshToken: 'r' }) : json({ token: 1 });
    });
    const schema = async () => {
      loads += 1;
      return ZTokenPair;
    };
    expect(await api.get('/api/auth/login?token=x', { schema })).toEqual({ token: 't', refreshToken: 'r' });
    loads = 0;
    await expect(api.get('/api/auth/login?token=x', { schema })).rejects.toThrow(de.errors.invalidResponse);
  });

  it('returns undefined for an empty answer', async () => {
    const { api } = setup(() => new Response(null, { status: 204 }));
    expect(await api.delete('/api/blog/3')).toBeUndefined();
  });

  it('downloads files with the name from Content-Disposition', async () => {
    const { api } = setup(
      () =>
        new Response('a;b', {
          headers: { 'Content-Disposition': `attachment; filename*=UTF-8''Teilnehmer%20M%C3%BCnchen.csv` },
        }),
    );
    const { blob, fileName } = await api.download('/api/eventSubscription/participantsAsCsv/4');
    expect(fileName).toBe('Teilnehmer München.csv');
    expect(await blob.text()).toBe('a;b');
  });
});

describe('api client uploads with progress', () => {
  function uploadSetup(respond: () => Response) {
    const fetched: string[] = [];
    const uploads: { url: string; headers: Headers }[] = [];
    const errors: string[] = [];
    let unauthorized = 0;
    const api = createApiClient({
      fetch: async (input) => {
        fetched.push(String(input));
        return json({ via: 'fetch' });
      },
      upload: async (url, init, onProgress) => {
        uploads.push({ url, headers: init.headers });
        onProgress({ phase: 'upload', loaded: 50, total: 100 });
        onProgress({ phase: 'processing' });
        return respond();
      },
      getToken: async () => 'tok-1',
      renewToken: async () => null,
      origin: ORIGIN,
      activity: createActivity(),
      onError: (message) => errors.push(message),
      onUnauthorized: () => {
        unauthorized += 1;
      },
    });
    return { api, fetched, uploads, errors, unauthorized: () => unauthorized };
  }
  const withFile = { media: { name: 'x' }, file: new Blob(['%PDF-']) };

  it('sends a post with a file through the upload transport and reports its phases', async () => {
    const { api, uploads, fetched } = uploadSetup(() => json({ via: 'upload' }));
    const seen: string[] = [];
    const answer = await api.postForm('/api/media/', withFile, {
      onProgress: (progress) => seen.push(progress.phase),
    });
    expect(answer).toEqual({ via: 'upload' });
    expect(fetched).toEqual([]);
    expect(uploads[0]?.url).toBe(`${ORIGIN}/api/media/`);
    expect(uploads[0]?.headers.get('Authorization')).toBe('BEARER tok-1');
    expect(seen).toEqual(['upload', 'processing']);
  });

  it('uses fetch without a file or without a listener', async () => {
    const { api, uploads, fetched } = uploadSetup(() => json({ via: 'upload' }));
    await api.postForm('/api/media/', { media: { name: 'x' } }, { onProgress: () => {} });
    await api.postForm('/api/media/', withFile);
    expect(uploads).toEqual([]);
    expect(fetched).toHaveLength(2);
  });

  it('keeps the German message and the 401 handling of the client', async () => {
    const refused = uploadSetup(() =>
      json({ detail: 'Nur Bilder und PDF-Dateien sind erlaubt.', errors: {} }, 415),
    );
    await expect(
      refused.api.postForm('/api/media/', withFile, { onProgress: () => {} }),
    ).rejects.toMatchObject({
      message: 'Nur Bilder und PDF-Dateien sind erlaubt.',
      status: 415,
    });
    expect(refused.errors).toEqual(['Nur Bilder und PDF-Dateien sind erlaubt.']);

    const expired = uploadSetup(() => json({ detail: 'abgelaufen' }, 401));
    await expect(
      expired.api.postForm('/api/media/', withFile, { onProgress: () => {} }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(expired.unauthorized()).toBe(0);
    expect(expired.errors).toEqual([]);
  });
});
