import type { TCsvCell } from '@portal/contract';
import { ContentLink } from './content-link';

/** A table cell: text, or a `[Titel](url)` link that downloads or opens (SPEC §2 Content page). */
export function CsvCell({ cell }: { cell: TCsvCell | undefined }) {
  if (cell === undefined || cell === '') return null;
  if (typeof cell === 'string') return <>{cell}</>;
  return <ContentLink url={cell.url}>{cell.title}</ContentLink>;
}
