import { describe, expect, it } from 'vitest';
import { textDiff, versionDiff, versionText } from './version-diff';

describe('textDiff', () => {
  it('should mark the words added and removed between two texts', () => {
    expect(textDiff('Der Randverbund hält gut.', 'Der Randverbund hält sehr gut.')).toEqual([
      { kind: 'same', text: 'Der Randverbund hält ' },
      { kind: 'added', text: 'sehr ' },
      { kind: 'same', text: 'gut.' },
    ]);
    expect(textDiff('Wärmedämmglas mit Argon', 'Wärmedämmglas mit Krypton')).toEqual([
      { kind: 'same', text: 'Wärmedämmglas mit ' },
      { kind: 'removed', text: 'Argon' },
      { kind: 'added', text: 'Krypton' },
    ]);
  });

  it('should give one unchanged part for equal texts and none for two empty ones', () => {
    expect(textDiff('gleich', 'gleich')).toEqual([{ kind: 'same', text: 'gleich' }]);
    expect(textDiff('', '')).toEqual([]);
  });
});

describe('versionText', () => {
  it('should read the text of the HTML, one line per paragraph', () => {
    expect(versionText('<p>Erste &amp; <strong>zweite</strong></p><ul><li>Punkt</li></ul>')).toBe(
      'Erste & zweite\nPunkt',
    );
  });
});

describe('versionDiff', () => {
  it('should count the words added and removed, the title included', () => {
    const diff = versionDiff(
      { content: '<p>Alte Meinung zum Thema</p>', name: 'Frage zu VSG' },
      { content: '<p>Neue Meinung zum Thema heute</p>', name: 'Frage zu ESG' },
    );
    expect(diff.title).toEqual([
      { kind: 'same', text: 'Frage zu ' },
      { kind: 'removed', text: 'VSG' },
      { kind: 'added', text: 'ESG' },
    ]);
    expect(diff.added).toBe(3);
    expect(diff.removed).toBe(2);
  });

  it('should leave the title out when it did not change or the post is a reply', () => {
    expect(
      versionDiff({ content: '<p>a</p>', name: 'T' }, { content: '<p>b</p>', name: 'T' }).title,
    ).toBeNull();
    expect(
      versionDiff({ content: '<p>a</p>', name: null }, { content: '<p>b</p>', name: null }).title,
    ).toBeNull();
  });
});
