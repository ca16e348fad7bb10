import { describe, expect, it } from 'vitest';
import { editFormData, replyFormData, threadFormData } from './post-form-data';

const png = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
const pdf = new File(['%PDF-1.4'], 'merkblatt.pdf', { type: 'application/pdf' });

describe('threadFormData', () => {
  it('sends the thread as JSON, the forum id and the files by index', () => {
    const form = threadFormData(7, { name: 'Frage', content: '<p>Erste Zeile</p><p>Glas &amp; Rahmen</p>' }, [
      png,
      pdf,
    ]);
    expect(JSON.parse(String(form.get('forumThread')))).toEqual({
      name: 'Frage',
      content: '<p>Erste Zeile</p><p>Glas &amp; Rahmen</p>',
    });
    expect(form.get('forumId')).toBe('7');
    expect((form.get('forumPostMedia[0]') as File).name).toBe('logo.png');
    expect((form.get('forumPostMedia[1]') as File).name).toBe('merkblatt.pdf');
    expect(form.has('forumPostMedia[2]')).toBe(false);
  });
});

describe('replyFormData', () => {
  it('sends the post as JSON and the thread id, without files when none are chosen', () => {
    const form = replyFormData(12, { content: '<p>Danke!<br>Bis bald</p>' }, []);
    expect(JSON.parse(String(form.get('forumPost')))).toEqual({ content: '<p>Danke!<br>Bis bald</p>' });
    expect(form.get('forumThreadId')).toBe('12');
    expect([...form.keys()]).toEqual(['forumPost', 'forumThreadId']);
  });
});

describe('editFormData', () => {
  it('sends the new text and title, the attachments to drop and the new files', () => {
    const form = editFormData({ content: '<p>Neu</p>', name: 'Neuer Titel' }, [4, 9], [pdf]);
    expect(JSON.parse(String(form.get('forumPost')))).toEqual({ content: '<p>Neu</p>', name: 'Neuer Titel' });
    expect(JSON.parse(String(form.get('removeMedia')))).toEqual([4, 9]);
    expect((form.get('forumPostMedia[0]') as File).name).toBe('merkblatt.pdf');
  });

  it('sends a reply without a title and without removeMedia when nothing is dropped', () => {
    const form = editFormData({ content: '<p>Neu</p>' }, [], []);
    expect(JSON.parse(String(form.get('forumPost')))).toEqual({ content: '<p>Neu</p>' });
    expect([...form.keys()]).toEqual(['forumPost']);
  });
});
