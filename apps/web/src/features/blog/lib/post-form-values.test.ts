import type { TBlog } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { initialPostValues, postPayload, ZPostForm } from './post-form-values';

const post: TBlog = {
  id: 7,
  title: 'Glastage 2026',
  preText: '<p>Jetzt anmelden.</p>',
  content: '<p>Programm</p>',
  image: 'https://portal.example/files/x?sig=1',
  imagePath: 'logo.png',
  visibleForUserGroups: [1, 2],
  publishedAt: '2026-04-01T08:00:00.000Z',
  displayOnDashboard: false,
  tags: ['Messe'],
  author: { username: 'admin' },
  scheduled: false,
  circular: false,
  circularNumber: null,
  attachments: [],
  confirmationRequired: false,
  confirmBy: null,
  confirmation: null,
  confirmationCounts: null,
};

describe('post form values', () => {
  it('starts a new post with the default groups, now and on the dashboard', () => {
    const values = initialPostValues(
      undefined,
      { defaultUserGroups: [1, 2] },
      Date.parse('2026-05-01T10:15:42Z'),
    );
    expect(values).toEqual({
      title: '',
      preText: '',
      content: '',
      visibleForUserGroups: [1, 2],
      publishedAt: '2026-05-01T10:15:00.000Z',
      displayOnDashboard: true,
      tags: [],
      circular: false,
      confirmationRequired: false,
      confirmBy: null,
      reconfirm: false,
    });
  });

  it('fills the form from a post, without its picture', () => {
    const values = initialPostValues(post, { defaultUserGroups: [1] });
    expect(values).toEqual({
      id: 7,
      title: 'Glastage 2026',
      preText: '<p>Jetzt anmelden.</p>',
      content: '<p>Programm</p>',
      visibleForUserGroups: [1, 2],
      publishedAt: '2026-04-01T08:00:00.000Z',
      displayOnDashboard: false,
      tags: ['Messe'],
      circular: false,
      confirmationRequired: false,
      confirmBy: null,
      reconfirm: false,
    });
    expect(ZPostForm.safeParse(values).success).toBe(true);
  });

  it('gives the contract messages for an empty new post', () => {
    const values = { ...initialPostValues(undefined, { defaultUserGroups: [] }), publishedAt: '' };
    const result = ZPostForm.safeParse(values);
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toEqual([
      ['title', 'Titel ist ein Pflichtfeld.'],
      ['preText', 'Einleitung ist ein Pflichtfeld.'],
      ['content', 'Beitrag ist ein Pflichtfeld.'],
      ['visibleForUserGroups', 'Sichtbarkeit ist ein Pflichtfeld.'],
      ['publishedAt', '"Veröffentlichen am" ist ein Pflichtfeld.'],
    ]);
  });

  it('keeps the picture unless it is removed without a new one', () => {
    const values = ZPostForm.parse(initialPostValues(post, { defaultUserGroups: [] }));
    const file = new File(['png'], 'neu.png', { type: 'image/png' });
    expect(postPayload(values, { file: null, remove: false })).not.toHaveProperty('image');
    expect(postPayload(values, { file, remove: false })).not.toHaveProperty('image');
    expect(postPayload(values, { file, remove: true })).not.toHaveProperty('image');
    expect(postPayload(values, { file: null, remove: true })).toMatchObject({ id: 7, image: null });
    expect(JSON.parse(JSON.stringify(postPayload(values, { file: null, remove: false })))).toEqual({
      id: 7,
      title: 'Glastage 2026',
      preText: '<p>Jetzt anmelden.</p>',
      content: '<p>Programm</p>',
      visibleForUserGroups: [1, 2],
      publishedAt: '2026-04-01T08:00:00.000Z',
      displayOnDashboard: false,
      tags: ['Messe'],
      circular: false,
      confirmationRequired: false,
      confirmBy: null,
    });
  });

  const circular: TBlog = {
    ...post,
    circular: true,
    circularNumber: { number: 12, year: 2026 },
    attachments: [{ id: 4, name: 'tarif.pdf', size: 2048, url: 'https://portal.example/f/4' }],
    confirmationRequired: true,
    confirmBy: '2026-05-15',
  };

  it('sends a circular with its kept attachments in order, and reconfirm only when chosen (issue 34)', () => {
    const values = ZPostForm.parse(initialPostValues(circular, { defaultUserGroups: [] }));
    const payload = postPayload(values, { file: null, remove: false }, [9, 4]);
    expect(payload).toMatchObject({
      circular: true,
      confirmationRequired: true,
      confirmBy: '2026-05-15',
      attachments: [9, 4],
    });
    expect(payload).not.toHaveProperty('reconfirm');
    const again = ZPostForm.parse({
      ...initialPostValues(circular, { defaultUserGroups: [] }),
      reconfirm: true,
    });
    expect(postPayload(again, { file: null, remove: false }, [4])).toMatchObject({ reconfirm: true });
  });

  it('asks for no confirmation without a circular, and for the date with one', () => {
    const plain = ZPostForm.parse({
      ...initialPostValues(post, { defaultUserGroups: [] }),
      confirmationRequired: true,
      confirmBy: '2026-05-15',
      reconfirm: true,
    });
    const payload = postPayload(plain, { file: null, remove: false }, [4]);
    expect(payload).toMatchObject({ circular: false, confirmationRequired: false, confirmBy: null });
    expect(payload).not.toHaveProperty('attachments');
    expect(payload).not.toHaveProperty('reconfirm');

    const noDate = ZPostForm.safeParse({
      ...initialPostValues(circular, { defaultUserGroups: [] }),
      confirmBy: null,
    });
    expect(noDate.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['confirmBy', '„Bestätigen bis“ ist ein Pflichtfeld, wenn eine Lesebestätigung angefordert wird.'],
    ]);
  });
});
