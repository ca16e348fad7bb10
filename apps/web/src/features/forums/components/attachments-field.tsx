import '@mantine/dropzone/styles.css';
import { Button, Group, Input, Stack, Text } from '@mantine/core';
import { Dropzone, type FileWithPath } from '@mantine/dropzone';
import { FORUM_ATTACHMENT_TYPES, FORUM_POST_MEDIA_MAX } from '@portal/contract';
import { IconPaperclip, IconUpload, IconX } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { uploadLimitMb } from '../../../components/form/file-checks';
import { FileMessages } from '../../../components/form/file-messages';
import { de } from '../../../i18n/de';
import { addAttachments, removeAttachment } from '../lib/attachments';
import { AttachmentPreview } from './attachment-preview';
import classes from './forums.module.css';

interface AttachmentsFieldProps {
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** The server's refusal (415, 413, too many), shown below the field. */
  serverError: string | null;
  disabled?: boolean;
  /** How many files may still be added: fewer when a post being edited keeps attachments (issue 37). */
  max?: number;
}

const keys = new WeakMap<File, number>();
let lastKey = 0;
/** A stable React key per chosen file (two files may share a name). */
function fileKey(file: File): number {
  let key = keys.get(file);
  if (key === undefined) {
    lastKey += 1;
    key = lastKey;
    keys.set(file, key);
  }
  return key;
}

/**
 * SPEC §5 uploads: png, jpeg and pdf, several at once, dropped on the zone or chosen with the button;
 * each chosen file shows a preview and can be removed before sending.
 */
export function AttachmentsField({
  files,
  onChange,
  serverError,
  disabled,
  max = FORUM_POST_MEDIA_MAX,
}: AttachmentsFieldProps) {
  const id = useId();
  const openRef = useRef<() => void>(null);
  const [errors, setErrors] = useState<string[]>([]);

  function add(incoming: readonly File[]) {
    const result = addAttachments(files, incoming, max);
    setErrors(result.errors);
    onChange(result.files);
  }

  const messages = serverError ? [...errors, serverError] : errors;
  return (
    <Input.Wrapper
      label={de.forums.form.attachments}
      description={de.forums.form.attachmentsHint(FORUM_POST_MEDIA_MAX, uploadLimitMb())}
      labelElement="div"
      id={id}
    >
      <Stack gap="xs" mt={4}>
        <Dropzone
          openRef={openRef}
          // Every file goes through our own check (German messages, the count across several drops).
          onDrop={() => {}}
          onDropAny={(accepted: FileWithPath[], rejected) =>
            add([...accepted, ...rejected.map((r) => r.file)])
          }
          accept={[...FORUM_ATTACHMENT_TYPES]}
          multiple
          disabled={disabled}
          aria-describedby={`${id}-description`}
          inputProps={{ 'aria-label': de.forums.form.attachments }}
          p="sm"
        >
          <div className={classes.dropzoneInner}>
            <Dropzone.Accept>
              <IconUpload size={32} stroke={1.5} aria-hidden />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={32} stroke={1.5} aria-hidden />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconPaperclip size={32} stroke={1.5} aria-hidden />
            </Dropzone.Idle>
            <div>
              <Dropzone.Reject>
                <Text size="sm">{de.forums.form.dropReject}</Text>
              </Dropzone.Reject>
              <Dropzone.Idle>
                <Text size="sm">{de.forums.form.dropHere}</Text>
                <Text size="xs" c="dimmed">
                  {de.forums.form.dropOr}
                </Text>
              </Dropzone.Idle>
              <Dropzone.Accept>
                <Text size="sm">{de.forums.form.dropHere}</Text>
              </Dropzone.Accept>
            </div>
          </div>
        </Dropzone>
        <Group gap="sm">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPaperclip size={14} aria-hidden />}
            onClick={() => openRef.current?.()}
            disabled={disabled}
          >
            {de.forums.form.chooseFiles}
          </Button>
          {files.length > 0 && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {de.forums.form.chosenFiles(files.length)}
            </Text>
          )}
        </Group>
        <FileMessages messages={messages} />
        {files.length > 0 && (
          <ul className={classes.previews} aria-label={de.forums.form.attachments}>
            {files.map((file, index) => (
              <AttachmentPreview
                key={fileKey(file)}
                file={file}
                onRemove={() => {
                  setErrors([]);
                  onChange(removeAttachment(files, index));
                }}
              />
            ))}
          </ul>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
