import { Alert, Input, Skeleton } from '@mantine/core';
import { type ComponentType, useEffect, useId, useState } from 'react';
import { de } from '../../i18n/de';
import { loadRichTextEditor } from './load-editor';
import type { RichTextEditorProps } from './rich-text-editor';
import type { MentionSource } from './use-mention-menu';

export interface RichTextFieldProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  description?: string;
  required?: boolean;
  toolbar?: 'full' | 'basic';
  minHeight?: number;
  autoFocus?: boolean;
  /** Offers people to mention after `@` (issue 37). */
  mentions?: MentionSource;
}

/** A labelled rich-text form field; the value is HTML ('' when empty). */
export function RichTextField({
  label,
  error,
  description,
  required,
  minHeight = 160,
  ...editor
}: RichTextFieldProps) {
  const id = useId();
  const Editor = useEditorComponent();
  const describedBy =
    [error ? `${id}-error` : null, description ? `${id}-description` : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <Input.Wrapper
      id={id}
      label={label}
      labelElement="div"
      labelProps={{ onClick: () => document.getElementById(id)?.focus() }}
      description={description}
      error={error}
      withAsterisk={required}
    >
      {Editor === 'failed' ? (
        <Alert color="red" variant="light" role="alert">
          {de.editor.loadFailed}
        </Alert>
      ) : Editor ? (
        <Editor
          {...editor}
          label={label}
          id={id}
          labelId={`${id}-label`}
          describedBy={describedBy}
          invalid={Boolean(error)}
          minHeight={minHeight}
        />
      ) : (
        <Skeleton
          height={minHeight + 44}
          role="progressbar"
          aria-busy="true"
          aria-label={de.editor.loading}
        />
      )}
    </Input.Wrapper>
  );
}

let loaded: ComponentType<RichTextEditorProps> | null = null;

/**
 * The editor component once its chunk is there. Loaded without suspending, so the rest of a form shows
 * (and can be filled in) while the editor still loads on a slow device.
 */
function useEditorComponent(): ComponentType<RichTextEditorProps> | 'failed' | null {
  const [editor, setEditor] = useState<ComponentType<RichTextEditorProps> | 'failed' | null>(() => loaded);
  useEffect(() => {
    if (editor) return;
    let active = true;
    loadRichTextEditor().then(
      (module) => {
        loaded = module.default;
        if (active) setEditor(() => module.default);
      },
      () => {
        if (active) setEditor('failed');
      },
    );
    return () => {
      active = false;
    };
  }, [editor]);
  return editor;
}
