import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/Typography.css';
import '@mantine/tiptap/styles.css';
import { VisuallyHidden } from '@mantine/core';
import { Link, RichTextEditor as MantineEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type CSSProperties, useEffect, useId, useMemo, useRef } from 'react';
import { de } from '../../i18n/de';
import { QuoteAttribute } from './conversation-extensions';
import { MentionList, mentionAnnouncement, mentionOptionId } from './mention-list';
import classes from './rich-text-editor.module.css';
import { type MentionSource, useMentionMenu } from './use-mention-menu';

/**
 * The rich-text editor (Mantine's TipTap editor), loaded only when a form that needs it opens (see
 * rich-text-field.tsx): admins' forms, and members' new threads and replies. It offers what the server's sanitiser keeps
 * (ARCHITECTURE §4 "Rich text"): headings 2–4, emphasis, lists, quotes, rules and links. A link may be an
 * http(s) address or a relative media path such as `Dokumente/Merkblatt.pdf`, which members download.
 * With `mentions`, typing `@` offers people to mention (issue 37 point 2); quotes of posts keep what they quote
 * (`data-quote`, point 3).
 */
export interface RichTextEditorProps {
  value: string;
  /** The HTML, or '' for an empty editor (so that "required" rules see it as empty). */
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** The field's label, which also names the toolbar */
  label: string;
  /** The ProseMirror element's id (the label focuses it) */
  id: string;
  labelId: string;
  describedBy?: string | undefined;
  invalid?: boolean;
  /** 'basic': emphasis and links only, for short texts */
  toolbar?: 'full' | 'basic';
  minHeight?: number;
  /** Puts the caret in the editor once it has loaded (the first field of a form), at the end of its text. */
  autoFocus?: boolean;
  /** Who may be mentioned with `@` (a forum's members); without it `@` is just a character. */
  mentions?: MentionSource | undefined;
}

const EXTENSIONS = [
  StarterKit.configure({ link: false, code: false, codeBlock: false, heading: { levels: [2, 3, 4] } }),
  // Links open as the reader's app decides (new tab for http, download for files), not by a stored target.
  Link.configure({ openOnClick: false, HTMLAttributes: { target: null, rel: null } }),
  QuoteAttribute,
];

export default function RichTextEditor({
  value,
  onChange,
  onBlur,
  label,
  id,
  labelId,
  describedBy,
  invalid = false,
  toolbar = 'full',
  minHeight = 160,
  autoFocus = false,
  mentions,
}: RichTextEditorProps) {
  const mention = useMentionMenu(mentions);
  const withMentions = mentions !== undefined;
  const menu = mention.menu;
  const listId = useId();
  const frameRef = useRef<HTMLDivElement>(null);
  const extensions = useMemo(
    () => (mention.extension ? [...EXTENSIONS, mention.extension] : EXTENSIONS),
    [mention.extension],
  );
  const editor = useEditor({
    extensions,
    content: value,
    autofocus: autoFocus ? 'end' : false,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    onBlur: () => onBlur?.(),
  });

  // The editable element is the form field: name, description and error state for assistive technology; with
  // mentions it controls the `@` list like a combobox's text field (decision 0192).
  const menuOpen = menu !== null;
  const listOpen = menuOpen && menu.items.length > 0;
  const activeOption = listOpen ? mentionOptionId(listId, menu.active) : null;
  useEffect(() => {
    editor?.setOptions({
      editorProps: {
        attributes: {
          id,
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(invalid ? { 'aria-invalid': 'true' } : {}),
          ...(withMentions ? { 'aria-autocomplete': 'list', 'aria-haspopup': 'listbox' } : {}),
          ...(activeOption ? { 'aria-controls': listId, 'aria-activedescendant': activeOption } : {}),
          // While the `@` list is open, Escape closes it alone: Mantine's sheet and dialogs listen for
          // Escape on the window before the editor (capture) and skip a target marked so.
          ...(menuOpen ? { 'data-mantine-stop-propagation': 'true' } : {}),
        },
      },
    });
  }, [editor, id, labelId, describedBy, invalid, withMentions, listId, activeOption, menuOpen]);

  return (
    <div className={classes.frame} ref={frameRef}>
      <MantineEditor
        editor={editor}
        labels={de.editor.labels}
        // Mantine's switch between new and same tab in the link editor has a tooltip, but no name (issue 31)
        attributes={{ linkEditorExternalControl: { 'aria-label': de.editor.linkTarget } }}
        className={classes.root}
        data-invalid={invalid || undefined}
        style={{ '--editor-min-height': `${minHeight}px` } as CSSProperties}
      >
        <MantineEditor.Toolbar role="toolbar" aria-label={de.editor.toolbar(label)}>
          <MantineEditor.ControlsGroup>
            <MantineEditor.Bold />
            <MantineEditor.Italic />
            <MantineEditor.Underline />
            {toolbar === 'full' && <MantineEditor.Strikethrough />}
            <MantineEditor.ClearFormatting />
          </MantineEditor.ControlsGroup>
          {toolbar === 'full' && (
            <>
              <MantineEditor.ControlsGroup>
                <MantineEditor.H2 />
                <MantineEditor.H3 />
                <MantineEditor.H4 />
              </MantineEditor.ControlsGroup>
              <MantineEditor.ControlsGroup>
                <MantineEditor.BulletList />
                <MantineEditor.OrderedList />
                <MantineEditor.Blockquote />
                <MantineEditor.Hr />
              </MantineEditor.ControlsGroup>
            </>
          )}
          <MantineEditor.ControlsGroup>
            <MantineEditor.Link />
            <MantineEditor.Unlink />
          </MantineEditor.ControlsGroup>
          {toolbar === 'full' && (
            <MantineEditor.ControlsGroup>
              <MantineEditor.Undo />
              <MantineEditor.Redo />
            </MantineEditor.ControlsGroup>
          )}
        </MantineEditor.Toolbar>
        <MantineEditor.Content />
      </MantineEditor>
      {menu && (
        <MentionList
          menu={menu}
          listId={listId}
          container={frameRef.current}
          onHighlight={mention.highlight}
        />
      )}
      {withMentions && <VisuallyHidden aria-live="polite">{mentionAnnouncement(menu)}</VisuallyHidden>}
    </div>
  );
}
