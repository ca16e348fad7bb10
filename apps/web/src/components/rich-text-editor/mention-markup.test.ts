import { describe, expect, it } from 'vitest';
import { mentionAttributes, mentionedId, mentionedName, mentionHtml } from './mention-markup';

describe('mention markup', () => {
  it('should build the contract markup, a link to the person page', () => {
    expect(mentionHtml(7, 'Erika Muster')).toBe('<a href="/personen/7" data-mention="7">@Erika Muster</a>');
    expect(mentionAttributes(7)).toEqual({ href: '/personen/7', 'data-mention': '7' });
  });

  it('should escape the name', () => {
    expect(mentionHtml(3, 'A <b> & "C"')).toBe(
      '<a href="/personen/3" data-mention="3">@A &lt;b&gt; &amp; &quot;C&quot;</a>',
    );
  });

  it('should read a stored mention back', () => {
    expect(mentionedName('@Erika Muster')).toBe('Erika Muster');
    expect(mentionedName('Erika')).toBe('Erika');
    expect(mentionedId('7')).toBe(7);
    expect(mentionedId('0')).toBeNull();
    expect(mentionedId('7x')).toBeNull();
    expect(mentionedId(null)).toBeNull();
  });
});
