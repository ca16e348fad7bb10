import type { TForumPostVersion } from '@portal/contract';
import { diffWords } from 'diff';
import { postBlocks } from './post-blocks';

/**
 * The readable difference between two versions of a post (issue 37 point 1): word by word over the text, one
 * line per paragraph, so a member sees which words came and went rather than two versions of HTML. Loaded
 * only with the versions dialog (the `diff` package stays out of the thread page's chunk).
 */
export type DiffPart = { kind: 'same' | 'added' | 'removed'; text: string };

export interface VersionDiff {
  /** the thread's title, when it changed with this version (first posts only) */
  title: DiffPart[] | null;
  content: DiffPart[];
  /** words added and removed, for the summary beside the version */
  added: number;
  removed: number;
}

/** Beyond this many changed words the texts differ throughout: shown as one removed and one added text. */
const MAX_EDIT_LENGTH = 5_000;

const words = (text: string) => text.match(/\S+/g)?.length ?? 0;

export function versionText(content: string): string {
  return postBlocks(content).join('\n');
}

export function textDiff(before: string, after: string): DiffPart[] {
  if (before === after) return before === '' ? [] : [{ kind: 'same', text: after }];
  const changes = diffWords(before, after, { maxEditLength: MAX_EDIT_LENGTH }) ?? [
    { value: before, added: false, removed: true, count: 1 },
    { value: after, added: true, removed: false, count: 1 },
  ];
  return changes
    .filter((change) => change.value !== '')
    .map((change) => ({
      kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
      text: change.value,
    }));
}

export function versionDiff(
  before: Pick<TForumPostVersion, 'content' | 'name'>,
  after: Pick<TForumPostVersion, 'content' | 'name'>,
): VersionDiff {
  const content = textDiff(versionText(before.content), versionText(after.content));
  const title =
    before.name !== null && after.name !== null && before.name !== after.name
      ? textDiff(before.name, after.name)
      : null;
  const count = (kind: DiffPart['kind']) =>
    [...content, ...(title ?? [])]
      .filter((part) => part.kind === kind)
      .reduce((sum, part) => sum + words(part.text), 0);
  return { title, content, added: count('added'), removed: count('removed') };
}
