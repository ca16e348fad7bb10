import '@mantine/core/styles/Typography.css';
import { Typography } from '@mantine/core';
import { type MouseEvent, useLayoutEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { downloadFile } from '../lib/download-file';
import { classifyLink } from '../lib/links';

/**
 * Rich text (pre- and post-texts, descriptions) as HTML. The server sanitises every rich text with an
 * allowlist when it is saved (ARCHITECTURE §4 "Rich text"; no scripts, handlers or styles), so rendering
 * it with dangerouslySetInnerHTML is safe here. Links follow the content link rules: http(s) in a new tab,
 * relative files through the authenticated download, other paths inside the app, anything else (a relative
 * link that would not stay where it points) is plain text (`lib/links.ts`).
 */
export function RichText({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  // Each link gets the address its click leads to, so that hovering, copying and opening it in a new tab
  // show what a click does. A link that is none (an address the server dropped, or HTML stored before its
  // rule) becomes its plain text: an `<a>` without address would still look like a link.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the links change whenever the HTML does
  useLayoutEffect(() => {
    for (const anchor of ref.current?.querySelectorAll('a') ?? []) {
      const target = classifyLink(anchor.getAttribute('href'));
      if (target.kind === 'external') {
        if (target.newTab) {
          anchor.setAttribute('target', '_blank');
          anchor.setAttribute('rel', 'noopener noreferrer');
        }
      } else if (target.kind === 'internal') {
        anchor.setAttribute('href', target.to);
      } else if (target.kind === 'download') {
        anchor.setAttribute('href', target.path);
      } else {
        anchor.replaceWith(...anchor.childNodes);
      }
    }
  }, [html]);

  function followLink(event: MouseEvent<HTMLDivElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!anchor) return;
    const target = classifyLink(anchor.getAttribute('href'));
    if (target.kind === 'download') {
      event.preventDefault();
      void downloadFile(target.path, target.fileName);
    } else if (target.kind === 'internal') {
      event.preventDefault();
      void navigate(target.to);
    }
  }

  return (
    // Clicks of the links inside bubble up here; the links themselves stay focusable links.
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitised this HTML with an allowlist on save
    <Typography ref={ref} onClick={followLink} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
