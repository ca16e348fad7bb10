import { ActionIcon, Badge, Button, Group, Input, Stack, Text } from '@mantine/core';
import { CIRCULAR_ATTACHMENTS_MAX } from '@portal/contract';
import { IconArrowDown, IconArrowUp, IconFileTypePdf, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { uploadLimitMb } from '../../../components/form/file-checks';
import { FileDrop } from '../../../components/form/file-drop';
import { FileMessages } from '../../../components/form/file-messages';
import { de } from '../../../i18n/de';
import { formatFileSize } from '../../../lib/formatting';
import {
  type AttachmentEntry,
  addPdfAttachments,
  canMoveAttachment,
  moveAttachment,
} from '../lib/circular-attachments';
import classes from './circulars.module.css';

interface CircularAttachmentsFieldProps {
  entries: readonly AttachmentEntry[];
  onChange: (entries: AttachmentEntry[]) => void;
  /** The server's refusal (415, 413, too many), shown below the field. */
  serverError: string | null;
}

const texts = de.circulars.form;

/**
 * A circular's PDF attachments (issue 34 point 1): chosen with the button or dropped on the field, each
 * removable and movable up and down; the files are checked here by type and size, by the server by content.
 */
export function CircularAttachmentsField({ entries, onChange, serverError }: CircularAttachmentsFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<string[]>([]);

  function add(files: readonly File[]) {
    const result = addPdfAttachments(entries, files);
    setErrors(result.errors);
    onChange(result.entries);
  }

  const messages = serverError ? [...errors, serverError] : errors;
  return (
    <Input.Wrapper
      label={texts.attachments}
      description={texts.attachmentsHint(CIRCULAR_ATTACHMENTS_MAX, uploadLimitMb())}
      labelElement="div"
      id={id}
    >
      <FileDrop onFiles={add}>
        <Stack gap="xs" mt={4}>
          <input
            ref={input}
            type="file"
            accept="application/pdf,.pdf"
            multiple
            hidden
            aria-label={texts.attachments}
            onChange={(event) => {
              add(Array.from(event.currentTarget.files ?? []));
              event.currentTarget.value = '';
            }}
          />
          <div>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPaperclip size={14} aria-hidden />}
              onClick={() => input.current?.click()}
              disabled={entries.length >= CIRCULAR_ATTACHMENTS_MAX}
              aria-describedby={`${id}-description`}
            >
              {texts.chooseFiles}
            </Button>
          </div>
          <FileMessages messages={messages} />
          {entries.length > 0 && (
            <ol className={classes.attachmentList} aria-label={texts.attachments}>
              {entries.map((entry, index) => (
                <li key={entryKey(entry)} className={classes.attachmentRow}>
                  <IconFileTypePdf size={18} aria-hidden className={classes.attachmentIcon} />
                  <Text size="sm" className={classes.attachmentName}>
                    {entry.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatFileSize(entry.size)}
                  </Text>
                  {entry.kind === 'new' && (
                    <Badge size="xs" variant="light" tt="none">
                      {texts.newFile}
                    </Badge>
                  )}
                  <Group gap={2} wrap="nowrap" className={classes.attachmentButtons}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={texts.moveUp(entry.name)}
                      disabled={!canMoveAttachment(entries, index, -1)}
                      onClick={() => onChange(moveAttachment(entries, index, -1))}
                    >
                      <IconArrowUp size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={texts.moveDown(entry.name)}
                      disabled={!canMoveAttachment(entries, index, 1)}
                      onClick={() => onChange(moveAttachment(entries, index, 1))}
                    >
                      <IconArrowDown size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={texts.remove(entry.name)}
                      onClick={() => {
                        setErrors([]);
                        onChange(entries.filter((_entry, position) => position !== index));
                      }}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </li>
              ))}
            </ol>
          )}
        </Stack>
      </FileDrop>
    </Input.Wrapper>
  );
}

const keys = new WeakMap<File, string>();
let lastKey = 0;
/** A stable React key: the id of a kept attachment, a number per chosen file (two may share a name). */
function entryKey(entry: AttachmentEntry): string {
  if (entry.kind === 'kept') return `kept-${entry.id}`;
  let key = keys.get(entry.file);
  if (key === undefined) {
    lastKey += 1;
    key = `new-${lastKey}`;
    keys.set(entry.file, key);
  }
  return key;
}
