import { Anchor } from '@mantine/core';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { de } from '../../../i18n/de';
import { downloadFile } from '../../../lib/download-file';
import { classifyLink } from '../../../lib/links';

interface ContentLinkProps {
  url: string;
  children: ReactNode;
}

/**
 * A link from stored content (a `[Titel](url)` table cell): http(s) in a new tab, a relative file through
 * the authenticated download, a path without a dot inside the app; anything else stays plain text.
 */
export function ContentLink({ url, children }: ContentLinkProps) {
  const target = classifyLink(url);
  switch (target.kind) {
    case 'external':
      return (
        <Anchor
          href={target.href}
          fz="inherit"
          {...(target.newTab ? { target: '_blank', rel: 'noopener' } : {})}
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
        >
          {children}
          {target.newTab && (
            <IconExternalLink size={14} style={{ flex: 'none' }} aria-label={de.common.opensInNewTab} />
          )}
        </Anchor>
      );
    case 'download':
      return (
        <Anchor
          href={target.path}
          fz="inherit"
          download={target.fileName}
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
          onClick={(event) => {
            event.preventDefault();
            void downloadFile(target.path, target.fileName);
          }}
        >
          <IconDownload size={14} style={{ flex: 'none' }} aria-hidden />
          {children}
        </Anchor>
      );
    case 'internal':
      return (
        <Anchor component={Link} to={target.to} fz="inherit">
          {children}
        </Anchor>
      );
    default:
      return <>{children}</>;
  }
}
