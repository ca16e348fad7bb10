/**
 * Rich text as the features save it: sanitised on a worker thread, so that no text holds the event loop
 * (issue 30: a flat 200,000-character post took half a second to parse, a deeply nested one seconds).
 * One thread serves the process; it starts with the first save, is restarted after a crash and does not keep
 * the process alive while idle.
 */
import { Worker } from 'node:worker_threads';
import { RICH_TEXT_MESSAGES } from '@portal/contract';
import { badRequest } from '../http/errors.ts';
import type { RichTextRequest, RichTextResult } from './rich-text-worker.ts';

interface Cleaned {
  clean: string;
  blank: boolean;
}

interface Pending {
  resolve(result: RichTextResult): void;
  reject(error: Error): void;
}

const pending = new Map<number, Pending>();
let nextId = 1;
let worker: Worker | undefined;

function failAll(error: Error): void {
  for (const waiting of pending.values()) waiting.reject(error);
  pending.clear();
}

function started(): Worker {
  if (worker) return worker;
  const thread = new Worker(new URL('./rich-text-worker.ts', import.meta.url));
  thread.on('message', (result: RichTextResult) => {
    pending.get(result.id)?.resolve(result);
    pending.delete(result.id);
    if (pending.size === 0) thread.unref();
  });
  thread.on('error', (error: unknown) => {
    if (worker === thread) worker = undefined;
    failAll(error instanceof Error ? error : new Error(String(error)));
  });
  thread.on('exit', (code) => {
    if (worker === thread) worker = undefined;
    failAll(new Error(`rich-text worker exited with code ${code}`));
  });
  worker = thread;
  return thread;
}

/** The sanitised text and whether it shows nothing; 400 naming `field` when it nests too deep. */
async function cleaned(html: string, field: string): Promise<Cleaned> {
  const thread = started();
  const id = nextId++;
  const result = await new Promise<RichTextResult>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.ref();
    thread.postMessage({ id, html } satisfies RichTextRequest);
  });
  if ('tooDeep' in result) {
    throw badRequest(RICH_TEXT_MESSAGES.tooDeep, { [field]: RICH_TEXT_MESSAGES.tooDeep });
  }
  if ('failed' in result) throw new Error(`rich text could not be sanitised: ${result.failed}`);
  return result;
}

/** Rich text that must show something: sanitised, or 400 naming `field` when nothing visible is left. */
export async function requiredRichText(html: string, field: string, message: string): Promise<string> {
  const { clean, blank } = await cleaned(html, field);
  if (blank) throw badRequest(message, { [field]: message });
  return clean;
}

/** Rich text that may be left empty: `empty` when it shows nothing, else the sanitised text. */
export async function optionalRichText<E>(
  html: string | null | undefined,
  field: string,
  empty: E,
): Promise<string | E> {
  if (!html) return empty;
  const { clean, blank } = await cleaned(html, field);
  return blank ? empty : clean;
}
