import { Fragment } from 'react';
import { parseSnippet } from '../lib/snippet';

/** A hit's snippet with its matches highlighted (`<mark>`), built as React nodes from plain text. */
export function Snippet({ snippet }: { snippet: string }) {
  return (
    <>
      {parseSnippet(snippet).map((part, index) =>
        // The pieces never move or change within one snippet: their place is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        part.marked ? <mark key={index}>{part.text}</mark> : <Fragment key={index}>{part.text}</Fragment>,
      )}
    </>
  );
}
