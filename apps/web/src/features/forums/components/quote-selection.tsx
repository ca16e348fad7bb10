import { Button } from '@mantine/core';
import { CONVERSATION_MESSAGES } from '@portal/contract';
import { IconQuote } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { de } from '../../../i18n/de';
import classes from './conversation.module.css';
import { POST_CONTENT_ATTRIBUTE } from './post-card';

/** The post whose text holds the whole of the page's selection, with the selected text; null otherwise. */
function selectionInPost(): { postId: number; text: string; range: Range } | null {
  const selection = document.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  const node = range.commonAncestorContainer;
  const element = node instanceof Element ? node : node.parentElement;
  const content = element?.closest(`[${POST_CONTENT_ATTRIBUTE}]`);
  const text = selection.toString();
  if (!content || text.trim() === '') return null;
  return { postId: Number(content.getAttribute(POST_CONTENT_ATTRIBUTE)), text, range };
}

/** What is selected in the text of post `postId` ('Zitieren' of that post quotes it), or null. */
export function selectedTextIn(postId: number): string | null {
  const selected = selectionInPost();
  return selected?.postId === postId ? selected.text : null;
}

/** Room kept between the selection and the button, and from the page's right edge. */
const GAP_PX = 6;
const BUTTON_WIDTH_PX = 120;

interface Shown {
  postId: number;
  text: string;
  top: number;
  left: number;
}

/**
 * 'Zitieren' beside text selected in a post (issue 37 point 3), just below the selection (phones show their
 * own menu above it). The button keeps the selection when pressed. Keyboard members use the post's own
 * 'Zitieren', which quotes the selection too, or the whole post without one.
 */
export function SelectionQuote({ onQuote }: { onQuote: (postId: number, text: string) => void }) {
  const [shown, setShown] = useState<Shown | null>(null);
  useEffect(() => {
    const update = () => {
      const selected = selectionInPost();
      if (!selected) {
        setShown(null);
        return;
      }
      const rect = selected.range.getBoundingClientRect();
      const maxLeft = document.documentElement.clientWidth - BUTTON_WIDTH_PX - GAP_PX;
      setShown({
        postId: selected.postId,
        text: selected.text,
        top: rect.bottom + window.scrollY + GAP_PX,
        left: Math.max(GAP_PX, Math.min(rect.left + window.scrollX, maxLeft + window.scrollX)),
      });
    };
    document.addEventListener('selectionchange', update);
    return () => document.removeEventListener('selectionchange', update);
  }, []);
  if (!shown) return null;
  return createPortal(
    <Button
      size="compact-sm"
      className={classes.selectionQuote}
      style={{ top: shown.top, left: shown.left }}
      leftSection={<IconQuote size={14} aria-hidden />}
      aria-label={de.forumConversation.quoteSelectionLabel}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onQuote(shown.postId, shown.text)}
    >
      {CONVERSATION_MESSAGES.quote}
    </Button>,
    document.body,
  );
}
