import { describe, expect, it } from 'vitest';
import { postName, postText } from './post-name';

describe('postText', () => {
  it('removes tags, decodes entities and collapses whitespace', () => {
    expect(postText('<p>Erste&nbsp;Zeile<br>zweite</p><p>Fisch &amp; <strong>Chips</strong></p>')).toBe(
      'Erste Zeile zweite Fisch & Chips',
    );
  });
});

describe('postName', () => {
  it('uses a short text as it is', () => {
    expect(postName('<p>Danke, das hilft!</p>', 'Beitrag von admin')).toBe('Danke, das hilft!');
  });

  it('cuts a long text at a word and marks the cut', () => {
    const name = postName(
      '<p>Für geprüfte Konstruktionen genügt der Nachweis des Systemherstellers, sagt das Merkblatt.</p>',
      'x',
    );
    expect(name).toBe('Für geprüfte Konstruktionen genügt der Nachweis…');
    expect(name.length).toBeLessThanOrEqual(50);
  });

  it('cuts a long word inside when no space is near', () => {
    expect(postName(`<p>${'a'.repeat(80)}</p>`, 'x', 10)).toBe(`${'a'.repeat(9)}…`);
  });

  it('falls back to the author when the post has no text', () => {
    expect(postName('<p> </p><p><br></p>', 'Beitrag von mitglied')).toBe('Beitrag von mitglied');
  });
});
