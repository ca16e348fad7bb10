import { describe, expect, it } from 'vitest';
import { authorName, personPageId, photoPageId } from './person-display';

describe('authorName', () => {
  it('should show the name the server sends', () => {
    expect(authorName({ username: 'mitglied', id: 3, name: 'Erika Muster' }, 'Nicht bekannt')).toBe(
      'Erika Muster',
    );
  });

  it('should fall back to the username for data made before names', () => {
    expect(authorName({ username: 'mitglied' }, 'Nicht bekannt')).toBe('mitglied');
    expect(authorName({ username: 'mitglied', name: '  ' }, 'Nicht bekannt')).toBe('mitglied');
  });

  it('should say unknown for a post without author', () => {
    expect(authorName(null, 'Nicht bekannt')).toBe('Nicht bekannt');
  });
});

describe('personPageId', () => {
  it('should open the page of an author with id for members', () => {
    expect(personPageId({ username: 'a', id: 7 }, true)).toBe(7);
  });

  it('should open nothing for partners, authors without id or no author', () => {
    expect(personPageId({ username: 'a', id: 7 }, false)).toBeNull();
    expect(personPageId({ username: 'a' }, true)).toBeNull();
    expect(personPageId(null, true)).toBeNull();
  });
});

describe('photoPageId', () => {
  it('should read no person page when the answer carries the photo or says there is none', () => {
    expect(
      photoPageId({ username: 'a', id: 7, photo: '/api/files/person/x.jpg?expires=1&signature=s' }, true),
    ).toBeNull();
    expect(photoPageId({ username: 'a', id: 7, photo: null }, true)).toBeNull();
  });

  it("should read the author's page for answers made before photos came with them", () => {
    expect(photoPageId({ username: 'a', id: 7 }, true)).toBe(7);
    expect(photoPageId({ username: 'a', id: 7 }, false)).toBeNull();
    expect(photoPageId(null, true)).toBeNull();
  });
});
