import { MENTION_ATTRIBUTE, QUOTE_ATTRIBUTE } from '@portal/contract';
import { Extension } from '@tiptap/core';
import Mention from '@tiptap/extension-mention';
import { mentionAttributes, mentionedId, mentionedName, mentionText } from './mention-markup';

/**
 * A mention in the editor (issue 37 point 2): one unit (deleted as a whole, never half a name) written as the
 * contract's `<a href="/personen/7" data-mention="7">@Erika Muster</a>` and read back from it when a post is
 * edited. Its rule outranks the link mark's `a[href]`, which would otherwise take it for a plain link.
 */
export const PersonMention = Mention.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      id: {
        default: null,
        parseHTML: (element) => mentionedId(element.getAttribute(MENTION_ATTRIBUTE)),
        renderHTML: () => ({}),
      },
      label: {
        default: null,
        parseHTML: (element) => mentionedName(element.textContent ?? ''),
        renderHTML: () => ({}),
      },
    };
  },
  parseHTML() {
    return [{ tag: `a[${MENTION_ATTRIBUTE}]`, priority: 100 }];
  },
  renderHTML({ node }) {
    return ['a', mentionAttributes(Number(node.attrs.id)), mentionText(String(node.attrs.label ?? ''))];
  },
  renderText({ node }) {
    return mentionText(String(node.attrs.label ?? ''));
  },
});

/**
 * Keeps `data-quote` on a quote of another post (issue 37 point 3) when a reply that starts with one is
 * written or a post holding one is edited: the blockquote of the toolbar would drop it.
 */
export const QuoteAttribute = Extension.create({
  name: 'quoteAttribute',
  addGlobalAttributes() {
    return [
      {
        types: ['blockquote'],
        attributes: {
          quote: {
            default: null,
            parseHTML: (element) => element.getAttribute(QUOTE_ATTRIBUTE),
            renderHTML: (attributes) =>
              attributes.quote ? { [QUOTE_ATTRIBUTE]: String(attributes.quote) } : {},
          },
        },
      },
    ];
  },
});
