/**
 * The one API client of the e2e support: logs in through a one-time link, as the browser does, and sends
 * authorised requests. The feature helpers (content-api.ts, blog-api.ts, …) extend it, so a spec writes
 * `await BlogApi.as(request, 'admin')` and the same login serves other helpers through `with`.
 */
import type { APIRequest, APIRequestContext, APIResponse } from '@playwright/test';
import { API } from '@portal/contract';
import { loginLink, type TLoginLinkExtras } from './auth.ts';
import { APP_ORIGIN } from './origins.ts';

/** A file part of a multipart request. */
export interface TUpload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export type TMultipart = Record<string, string | TUpload>;

interface TRequestOptions {
  /** The statuses that count as success (default 200); any other fails the test with the answer. */
  expect?: number | readonly number[];
  timeout?: number;
}

interface TSendOptions extends TRequestOptions {
  data?: unknown;
  multipart?: TMultipart;
  form?: Record<string, string>;
}

type THelper<T extends ApiClient> = new (request: APIRequestContext, token: string) => T;

export class ApiClient {
  readonly request: APIRequestContext;
  private readonly token: string;

  constructor(request: APIRequestContext, token: string) {
    this.request = request;
    this.token = token;
  }

  /** Logs in as `username` (the extras create or update the member, e.g. with a role). */
  static async as<T extends ApiClient>(
    this: THelper<T>,
    request: APIRequestContext,
    username: string,
    extras?: TLoginLinkExtras,
  ): Promise<T> {
    return new this(request, await accessToken(request, username, extras));
  }

  /** Logs in with a request context of its own (for `beforeAll`); `dispose` ends it. */
  static async open<T extends ApiClient>(
    this: THelper<T>,
    requests: APIRequest,
    username: string,
  ): Promise<T> {
    const request = await requests.newContext();
    return new this(request, await accessToken(request, username));
  }

  async dispose(): Promise<void> {
    await this.request.dispose();
  }

  /** Another feature's helper with this login. */
  with<T extends ApiClient>(Helper: THelper<T>): T {
    return new Helper(this.request, this.token);
  }

  async send(method: string, path: string, options: TSendOptions = {}): Promise<APIResponse> {
    const { expect: expected = 200, ...rest } = options;
    const response = await this.request.fetch(`${APP_ORIGIN}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.token}` },
      ...rest,
    });
    await expectStatus(response, method, path, expected);
    return response;
  }

  async get<T>(path: string, options?: TRequestOptions): Promise<T> {
    return body<T>(await this.send('GET', path, options));
  }

  async post<T>(path: string, data: unknown, options?: TRequestOptions): Promise<T> {
    return body<T>(await this.send('POST', path, { ...options, data }));
  }

  async put<T>(path: string, data: unknown, options?: TRequestOptions): Promise<T> {
    return body<T>(await this.send('PUT', path, { ...options, data }));
  }

  /** A multipart POST, as the app's forms send it. */
  async postForm<T>(path: string, multipart: TMultipart, options?: TRequestOptions): Promise<T> {
    return body<T>(await this.send('POST', path, { ...options, multipart }));
  }

  async delete(path: string, options?: TRequestOptions): Promise<void> {
    await this.send('DELETE', path, options);
  }
}

/** Logs in through a one-time link, as the browser does. */
async function accessToken(
  request: APIRequestContext,
  username: string,
  extras?: TLoginLinkExtras,
): Promise<string> {
  const link = new URL(await loginLink(request, username, extras));
  const response = await request.get(`${APP_ORIGIN}${API.login}${link.search}`);
  await expectStatus(response, 'GET', API.login, 200);
  return ((await response.json()) as { token: string }).token;
}

async function expectStatus(
  response: APIResponse,
  method: string,
  path: string,
  expected: number | readonly number[],
): Promise<void> {
  const allowed = typeof expected === 'number' ? [expected] : expected;
  if (allowed.includes(response.status())) return;
  throw new Error(
    `${method} ${path} antwortete ${response.status()} statt ${allowed.join(' oder ')}: ${await response.text()}`,
  );
}

async function body<T>(response: APIResponse): Promise<T> {
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}
