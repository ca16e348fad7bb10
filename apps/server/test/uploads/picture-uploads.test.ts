import { IMAGE_MAX_PIXELS, type TEventInput, type TForumThread, UPLOAD_MESSAGES } from '@portal/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postInput, savePost } from '../blog/blog-helpers.ts';
import { createEventWorld, type EventWorld, eventInput, saveEvent } from '../events/event-helpers.ts';
import {
  createForum,
  createForumWorld,
  createThread,
  type ForumWorld,
  logo,
  savePost as saveForumPost,
  saveThread,
} from '../forums/forum-helpers.ts';
import { decompressionBomb } from '../helpers/generated-files.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { createWorld, storedFiles, type World } from '../helpers/world.ts';
import { createCategory as createMediaCategory, saveFile } from '../media/media-helpers.ts';
import { cutOff, jpegClaiming, pngClaiming } from './pictures.ts';

// Every route that takes a picture decodes it (metadata removed, thumbnails made). A picture too large to
// decode safely is refused from its header with 413; one that cannot be decoded with 400; neither stores
// anything, and neither is our failure (500).

interface Upload {
  filename: string;
  data: Buffer;
  type: string;
}

interface PictureRoute {
  t: TestApp;
  send: (upload: Upload) => Promise<LightMyRequestResponse>;
}

let blog: World;
let events: EventWorld;
let forums: ForumWorld;
const routes: Record<string, PictureRoute> = {};

beforeAll(async () => {
  blog = await createWorld();
  events = await createEventWorld();
  forums = await createForumWorld();
  const mediaCategory = await createMediaCategory(blog, { name: 'Bilder' });
  const forumId = (await createForum(forums)).id;
  const thread: TForumThread = await createThread(forums, forumId);
  const event: Partial<TEventInput> = eventInput();
  routes['blog image'] = {
    t: blog.t,
    send: (upload) => savePost(blog, blog.as.admin, postInput(blog), upload),
  };
  routes['event image'] = {
    t: events.t,
    send: (upload) => saveEvent(events, events.as.admin, event, upload),
  };
  routes['media library file'] = {
    t: blog.t,
    send: (upload) => saveFile(blog, blog.as.admin, { name: 'Bild', category: mediaCategory }, upload),
  };
  routes['forum thread attachment'] = {
    t: forums.t,
    send: (upload) =>
      saveThread(forums, forums.as.mitglied, forumId, { name: 'Bild', content: '<p>Anhang</p>' }, [upload]),
  };
  routes['forum reply attachments'] = {
    t: forums.t,
    // The good picture first: nothing of it may be stored either.
    send: (upload) =>
      saveForumPost(forums, forums.as.kollege, thread.id, { content: '<p>Anhang</p>' }, [logo(), upload]),
  };
}, 60_000);
afterAll(() => Promise.all([blog.t.close(), events.t.close(), forums.t.close()]));

const ROUTES = [
  'blog image',
  'event image',
  'media library file',
  'forum thread attachment',
  'forum reply attachments',
];

async function refusedWithNothingStored(route: string, upload: Upload) {
  const target = routes[route];
  if (!target) throw new Error(`unknown route ${route}`);
  const before = storedFiles(target.t);
  const response = await target.send(upload);
  expect(storedFiles(target.t)).toEqual(before);
  return response;
}

const png = (data: Buffer, filename = 'bild.png'): Upload => ({ filename, data, type: 'image/png' });
const jpeg = (data: Buffer, filename = 'foto.jpg'): Upload => ({ filename, data, type: 'image/jpeg' });

describe('pictures above the pixel limit', () => {
  const bomb = decompressionBomb(16_000, 16_000);

  it.each(ROUTES)('refuses a 16000 × 16000 PNG of 30 KB as %s with 413 in German', async (route) => {
    const response = await refusedWithNothingStored(route, png(bomb));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: UPLOAD_MESSAGES.imageTooLarge });
  });

  it.each(ROUTES)('refuses by the header alone, before decoding, as %s', async (route) => {
    // The body is broken: had the server decoded it, the answer would be 400.
    const response = await refusedWithNothingStored(route, png(pngClaiming(8000, 5001)));
    expect(response.statusCode).toBe(413);
    const claimed = await refusedWithNothingStored(route, jpeg(await jpegClaiming(10_000, 10_000)));
    expect(claimed.statusCode).toBe(413);
    expect(claimed.json()).toEqual({ detail: UPLOAD_MESSAGES.imageTooLarge });
  });

  it('draws the line at 40 megapixels', async () => {
    expect(IMAGE_MAX_PIXELS).toBe(40_000_000);
    // Exactly at the limit the size passes and decoding finds the broken body: 400, not 413.
    const atLimit = await refusedWithNothingStored('blog image', png(pngClaiming(8000, 5000)));
    expect(atLimit.statusCode).toBe(400);
  });
});

describe('pictures that cannot be decoded', () => {
  const broken: [string, Upload][] = [
    ['a PNG cut off in its image data', png(cutOff('images/logo.png'))],
    ['a JPEG cut off in its image data', jpeg(cutOff('images/foto-exif-gps.jpg'))],
    ['a PNG cut off in its header', png(cutOff('images/logo.png', 0.05))],
  ];
  const cases = ROUTES.flatMap((route) => broken.map(([name, upload]) => [route, name, upload] as const));

  it.each(cases)('refuses on the %s route %s with 400 in German', async (route, _name, upload) => {
    const response = await refusedWithNothingStored(route, upload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: UPLOAD_MESSAGES.imageBroken });
  });
});

describe('pictures within the limits', () => {
  it.each(ROUTES)('still accepts a PNG and a JPEG as %s', async (route) => {
    const target = routes[route];
    const sent = await target?.send(png(cutOff('images/logo.png', 1)));
    expect(sent?.statusCode).toBe(200);
    const photo = await target?.send(jpeg(cutOff('images/foto-exif-gps.jpg', 1)));
    expect(photo?.statusCode).toBe(200);
  });
});
