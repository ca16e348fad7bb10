import { describe, expect, it } from 'vitest';
import { hasFile } from './form-data';
import { createXhrUpload, parseResponseHeaders, percentOf, type UploadProgress } from './upload-request';

/** Just enough of XMLHttpRequest to drive the transport by hand. */
class FakeXhr {
  upload: { onprogress: ((event: ProgressEvent) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  responseType = '';
  status = 0;
  response: unknown = null;
  opened: [string, string] | null = null;
  headers: [string, string][] = [];
  sent: unknown = null;
  responseHeaders = '';
  open(method: string, url: string) {
    this.opened = [method, url];
  }
  setRequestHeader(name: string, value: string) {
    this.headers.push([name, value]);
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.onabort?.();
  }
  getAllResponseHeaders() {
    return this.responseHeaders;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
}

function start(signal?: AbortSignal) {
  const xhr = new FakeXhr();
  const seen: UploadProgress[] = [];
  const form = new FormData();
  form.append('file', new Blob(['abc']));
  const answer = createXhrUpload(() => xhr as unknown as XMLHttpRequest)(
    '/api/media/',
    { method: 'POST', headers: new Headers({ Authorization: 'BEARER t' }), body: form, signal },
    (progress) => seen.push(progress),
  );
  return { xhr, seen, answer, form };
}

describe('xhr upload transport', () => {
  it('sends the form with the headers and reports bytes, then processing, then the answer', async () => {
    const { xhr, seen, answer, form } = start();
    expect(xhr.opened).toEqual(['POST', '/api/media/']);
    expect(xhr.headers).toEqual([['authorization', 'BEARER t']]);
    expect(xhr.sent).toBe(form);
    xhr.progress(30, 120);
    xhr.upload.onload?.();
    xhr.status = 200;
    xhr.response = '{"id":3}';
    xhr.responseHeaders = 'content-type: application/json\r\nx-a: b\r\n';
    xhr.onload?.();
    const response = await answer;
    expect(seen).toEqual([{ phase: 'upload', loaded: 30, total: 120 }, { phase: 'processing' }]);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/json');
    expect(await response.json()).toEqual({ id: 3 });
  });

  it('answers a refusal as a response and a 204 without a body', async () => {
    const refused = start();
    refused.xhr.status = 415;
    refused.xhr.response = '{"detail":"x"}';
    refused.xhr.onload?.();
    expect((await refused.answer).status).toBe(415);
    const empty = start();
    empty.xhr.status = 204;
    empty.xhr.onload?.();
    expect(await (await empty.answer).text()).toBe('');
  });

  it('rejects a network failure as a TypeError and an abort as an AbortError', async () => {
    const failed = start();
    failed.xhr.onerror?.();
    await expect(failed.answer).rejects.toBeInstanceOf(TypeError);
    const controller = new AbortController();
    const aborted = start(controller.signal);
    controller.abort();
    await expect(aborted.answer).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('upload helpers', () => {
  it('finds files in a form', () => {
    const form = new FormData();
    form.append('media', '{}');
    expect(hasFile(form)).toBe(false);
    form.append('file', new Blob(['x']));
    expect(hasFile(form)).toBe(true);
  });

  it('gives whole percentages within 0 and 100', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(7, 5)).toBe(100);
  });

  it('parses response headers, skipping broken lines', () => {
    const headers = parseResponseHeaders('a: 1\r\nbroken\r\nb: x: y\r\n');
    expect(headers.get('a')).toBe('1');
    expect(headers.get('b')).toBe('x: y');
  });
});
