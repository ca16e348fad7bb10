import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { MESSAGES } from '@portal/contract';
import type {
  FastifyInstance,
  FastifyRequest,
  onRequestHookHandler,
  onResponseHookHandler,
  onSendHookHandler,
} from 'fastify';
import { diskFullIn } from '../http/disk-full.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { hooksOf } from '../http/route-hooks.ts';
import { brandUpload, HEAD_BYTES, type ReceivedUpload } from './multipart-file.ts';

/**
 * Receives the files of multipart requests into temp files instead of memory (issue 13): each request that
 * carries a file gets one folder under `root`, which is removed when the request ends, whether it answered,
 * failed or lost its connection. A folder that outlives its request (a crash) is removed by the upload sweep.
 */
export interface UploadReceiver {
  /** Receives one file part of a route that takes files (multipart-body.ts); `part.value` becomes its upload. */
  onFile(this: FastifyRequest, part: MultipartFile): Promise<void>;
  /** adds the hooks that remove a request's folder when it ends. */
  register(app: FastifyInstance): void;
  /** removes folders last changed before `before`; returns how many. */
  removeStale(before: Date): Promise<number>;
  /** folders of requests in progress (tests wait for 0). */
  pending(): number;
}

/** A request's folder and what still writes into it. */
interface Scratch {
  dir: string;
  created: Promise<void>;
  writes: Set<Promise<unknown>>;
  /** the handler has answered (onSend): nothing reads the files any more */
  answered: boolean;
  /** the client went away before the answer was written */
  aborted: boolean;
  removed: Promise<void> | undefined;
}

const MULTIPART = /^\s*multipart\//i;

/** Opens a new temp file of an upload for writing; never an existing one. */
const openTempFile = (file: string): Writable => createWriteStream(file, { flags: 'wx' });

export function createUploadReceiver(
  root: string,
  options: { openFile?: (file: string) => Writable } = {},
): UploadReceiver {
  const openFile = options.openFile ?? openTempFile;
  const scratches = new WeakMap<FastifyRequest, Scratch>();
  let open = 0;

  const scratchOf = (request: FastifyRequest): Scratch => {
    let scratch = scratches.get(request);
    if (!scratch) {
      const dir = path.join(root, `${Date.now().toString(36)}-${randomUUID()}`);
      scratch = {
        dir,
        created: mkdir(dir, { recursive: true }).then(() => undefined),
        writes: new Set(),
        answered: false,
        aborted: false,
        removed: undefined,
      };
      scratches.set(request, scratch);
      open += 1;
    }
    return scratch;
  };

  /** Removes the folder once, after every write into it has settled. */
  const remove = (scratch: Scratch): Promise<void> => {
    scratch.removed ??= (async () => {
      await scratch.created.catch(() => undefined);
      await Promise.allSettled([...scratch.writes]);
      await rm(scratch.dir, { recursive: true, force: true }).catch(() => undefined);
      open -= 1;
    })();
    return scratch.removed;
  };

  /** Streams one part into `file`, counting bytes and keeping the head; the limit is busboy's (413). */
  const receive = async (part: MultipartFile, file: string): Promise<{ size: number; head: Buffer }> => {
    let size = 0;
    const headParts: Buffer[] = [];
    let headLength = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        // Busboy stops passing bytes at the limit (`fileSize`) and marks the stream; the rest is not read.
        if (part.file.truncated) return done(new HttpError(413, MESSAGES.tooLarge));
        size += chunk.length;
        if (headLength < HEAD_BYTES) {
          const piece = chunk.subarray(0, HEAD_BYTES - headLength);
          headParts.push(Buffer.from(piece));
          headLength += piece.length;
        }
        done(null, chunk);
      },
    });
    await pipeline(part.file, counter, openFile(file));
    if (part.file.truncated) throw new HttpError(413, MESSAGES.tooLarge);
    return { size, head: Buffer.concat(headParts, headLength) };
  };

  return {
    /**
     * A file stream that breaks off (body cut off, connection lost, boundary missing) is the request's fault:
     * busboy reports it with a plain Error, which is answered with 400 here rather than as our failure. A
     * temp file the disk has no room for is ours: it goes on as it is, and is answered with 507.
     */
    async onFile(part) {
      const scratch = scratchOf(this);
      const file = path.join(scratch.dir, `${scratch.writes.size + 1}.upload`);
      const written = scratch.created.then(() => receive(part, file));
      scratch.writes.add(written);
      const { size, head } = await written.catch((error: unknown) => {
        const status = (error as { statusCode?: unknown } | null)?.statusCode;
        throw typeof status === 'number' || diskFullIn(error) ? error : badRequest(MESSAGES.malformedForm);
      });
      // Busboy takes an octet-stream part without a file name (a browser's empty file input) for a file too.
      const upload: ReceivedUpload = {
        filename: part.filename ?? '',
        mimetype: part.mimetype ?? '',
        path: file,
        size,
        head,
      };
      part.value = brandUpload(upload);
    },

    register(app) {
      // After the answer nothing reads the files; a request whose client left is cleaned once it has answered.
      // Callback hooks, on the routes that take files (`config.uploads`): only those have temp files.
      const answered: onSendHookHandler = (request, _reply, payload, done) => {
        const scratch = scratches.get(request);
        if (scratch) {
          scratch.answered = true;
          if (scratch.aborted) void remove(scratch);
        }
        done(null, payload);
      };
      const cleaned: onResponseHookHandler = (request, _reply, done) => {
        const scratch = scratches.get(request);
        if (scratch) remove(scratch).then(() => done(), done);
        else done();
      };
      // onResponse never runs when the client disconnects before the answer is written.
      const watched: onRequestHookHandler = (request, reply, done) => {
        // The content type, not isMultipart(): the body parser that sets that runs after this hook.
        if (MULTIPART.test(request.headers['content-type'] ?? '')) {
          reply.raw.once('close', () => {
            const scratch = scratches.get(request);
            if (!scratch || reply.raw.writableFinished) return;
            scratch.aborted = true;
            if (scratch.answered) void remove(scratch);
          });
        }
        done();
      };
      app.addHook('onRoute', (route) => {
        if (route.config?.uploads !== true) return;
        route.onRequest = [...hooksOf(route.onRequest), watched];
        route.onSend = [...hooksOf(route.onSend), answered];
        route.onResponse = [...hooksOf(route.onResponse), cleaned];
      });
    },

    async removeStale(before) {
      const names = await readdir(root).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names) {
        const entry = path.join(root, name);
        const info = await stat(entry).catch(() => undefined);
        if (!info || info.mtimeMs > before.getTime()) continue;
        await rm(entry, { recursive: true, force: true });
        removed += 1;
      }
      return removed;
    },

    pending: () => open,
  };
}
