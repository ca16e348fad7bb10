/**
 * The corpus of the search-quality bench (issue 33 point 7), read from the text files beside this module: news
 * posts, content pages with their tables' rows, events, forum threads with their posts and media files. Each
 * document has a key of its own (`n01`, `c01`, `c01.r0`, `e01`, `t01`, `t01.p1`, `m01`) that the judgments
 * name, and the text the portal indexes for it, which the peer indexes too.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface NewsPost {
  key: string;
  date: string;
  tags: string[];
  title: string;
  teaser: string;
  text: string;
}

interface ContentPage {
  key: string;
  title: string;
  preText: string;
  postText: string;
  /** the table's CSV (header first, `;`), or undefined */
  csv?: string;
  /** the table's data rows, split into cells */
  rows: string[][];
}

interface Event {
  key: string;
  date: string;
  place: string;
  name: string;
  description: string;
}

interface ForumThread {
  key: string;
  date: string;
  forum: string;
  title: string;
  posts: string[];
}

interface MediaFile {
  key: string;
  date: string;
  name: string;
  filename: string;
}

/** A document as both engines see it: the fields the portal's search source indexes. */
export interface CorpusDocument {
  key: string;
  title: string;
  text: string;
}

export interface Corpus {
  news: NewsPost[];
  pages: ContentPage[];
  events: Event[];
  threads: ForumThread[];
  media: MediaFile[];
}

/** The records of a file: each starts with a line `@key rest`; comment lines (`#`) and blank edges dropped. */
function records(file: string): { key: string; head: string; lines: string[] }[] {
  const text = readFileSync(path.join(import.meta.dirname, file), 'utf8');
  const lines = text.split('\n').filter((line) => !line.startsWith('#'));
  const found: { key: string; head: string; lines: string[] }[] = [];
  for (const line of lines) {
    const start = /^@(\S+)\s*(.*)$/.exec(line);
    if (start) found.push({ key: start[1] ?? '', head: start[2] ?? '', lines: [] });
    else found.at(-1)?.lines.push(line);
  }
  for (const record of found) {
    while (record.lines.at(-1)?.trim() === '') record.lines.pop();
  }
  return found;
}

/** `a | b | c` split and trimmed. */
function parts(head: string): string[] {
  return head.split('|').map((part) => part.trim());
}

function required(value: string | undefined, what: string): string {
  if (value === undefined || value === '') throw new Error(`search-quality corpus: ${what} missing`);
  return value;
}

function readNews(): NewsPost[] {
  return records('news.txt').map(({ key, head, lines }) => {
    const [date, tags] = parts(head);
    const [title, teaser, ...text] = lines;
    return {
      key,
      date: required(date, `${key} date`),
      tags: (tags ?? '').split(',').map((tag) => tag.trim()),
      title: required(title, `${key} title`),
      teaser: required(teaser?.replace(/^> /, ''), `${key} teaser`),
      text: text.join('\n'),
    };
  });
}

function readPages(): ContentPage[] {
  return records('pages.txt').map(({ key, lines }) => {
    const csvAt = lines.indexOf('csv:');
    const [title, preText, ...postText] = csvAt === -1 ? lines : lines.slice(0, csvAt);
    const csvLines = csvAt === -1 ? [] : lines.slice(csvAt + 1);
    return {
      key,
      title: required(title, `${key} title`),
      preText: required(preText?.replace(/^> /, ''), `${key} text`),
      postText: postText.join('\n'),
      ...(csvLines.length > 0 ? { csv: `${csvLines.join('\r\n')}\r\n` } : {}),
      rows: csvLines.slice(1).map((line) => line.split(';')),
    };
  });
}

function readEvents(): Event[] {
  return records('events.txt').map(({ key, head, lines }) => {
    const [date, place] = parts(head);
    const [name, ...description] = lines;
    return {
      key,
      date: required(date, `${key} date`),
      place: required(place, `${key} place`),
      name: required(name, `${key} name`),
      description: description.join('\n'),
    };
  });
}

function readThreads(): ForumThread[] {
  return records('forum.txt').map(({ key, head, lines }) => {
    const [date, forum] = parts(head);
    const [title, ...rest] = lines;
    const posts = rest
      .join('\n')
      .split(/^--$/m)
      .map((post) => post.trim())
      .filter(Boolean);
    return {
      key,
      date: required(date, `${key} date`),
      forum: required(forum, `${key} forum`),
      title: required(title, `${key} title`),
      posts,
    };
  });
}

function readMedia(): MediaFile[] {
  return records('media.txt').map(({ key, head }) => {
    const [date, name, filename] = parts(head);
    return {
      key,
      date: required(date, `${key} date`),
      name: required(name, `${key} name`),
      filename: required(filename, `${key} file name`),
    };
  });
}

export function readCorpus(): Corpus {
  return {
    news: readNews(),
    pages: readPages(),
    events: readEvents(),
    threads: readThreads(),
    media: readMedia(),
  };
}

/**
 * Every document with the fields the portal indexes for it (the search sources): a post's title, teaser, text
 * and tags; a page's title and texts; a table row's cells; an event's name, place and description; a thread's
 * title; a forum post's text (its thread's title is shown, not indexed); a media file's name and file name.
 */
export function corpusDocuments(corpus: Corpus): CorpusDocument[] {
  return [
    ...corpus.news.map((post) => ({
      key: post.key,
      title: post.title,
      text: [post.teaser, post.text, post.tags.join(' ')].join('\n'),
    })),
    ...corpus.pages.flatMap((page) => [
      { key: page.key, title: page.title, text: [page.preText, page.postText].join('\n') },
      ...page.rows.map((cells, row) => ({
        key: `${page.key}.r${row}`,
        title: '',
        text: cells.filter((cell) => cell.trim() !== '').join(' · '),
      })),
    ]),
    ...corpus.events.map((event) => ({
      key: event.key,
      title: event.name,
      text: [event.place, event.description].join(' · '),
    })),
    ...corpus.threads.flatMap((thread) => [
      { key: thread.key, title: thread.title, text: '' },
      ...thread.posts.map((post, index) => ({ key: `${thread.key}.p${index + 1}`, title: '', text: post })),
    ]),
    ...corpus.media.map((file) => ({ key: file.key, title: file.name, text: file.filename })),
  ];
}
