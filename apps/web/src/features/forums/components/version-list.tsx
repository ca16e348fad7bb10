import { Alert, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { CONVERSATION_MESSAGES, type TForumPostVersion } from '@portal/contract';
import { de } from '../../../i18n/de';
import { formatDateTime } from '../../../lib/formatting';
import { usePostVersions } from '../api/get-post-versions';
import { type DiffPart, versionDiff, versionText } from '../lib/version-diff';
import classes from './conversation.module.css';

const texts = de.forumConversation;

/**
 * Words added and removed, marked not by colour alone: underlined and struck through, and for screen readers
 * announced with where each change begins and ends.
 */
function DiffText({ parts }: { parts: readonly DiffPart[] }) {
  return (
    <p className={classes.diff}>
      {parts.map((part, index) => {
        const key = `${index}-${part.kind}`;
        if (part.kind === 'same') return <span key={key}>{part.text}</span>;
        const Tag = part.kind === 'added' ? 'ins' : 'del';
        return (
          <Tag key={key} className={part.kind === 'added' ? classes.diffAdded : classes.diffRemoved}>
            <VisuallyHidden>{part.kind === 'added' ? texts.added : texts.removed} </VisuallyHidden>
            {part.text}
            <VisuallyHidden> ({part.kind === 'added' ? texts.addedEnd : texts.removedEnd})</VisuallyHidden>
          </Tag>
        );
      })}
    </p>
  );
}

function VersionEntry({
  version,
  previous,
  current,
}: {
  version: TForumPostVersion;
  previous: TForumPostVersion | undefined;
  current: boolean;
}) {
  const editor = version.editor?.name ?? version.editor?.username ?? CONVERSATION_MESSAGES.formerMember;
  const diff = previous ? versionDiff(previous, version) : null;
  return (
    <Paper component="section" withBorder radius="sm" p="sm" aria-labelledby={`version-${version.number}`}>
      <Stack gap={6}>
        <Title order={3} size="sm" id={`version-${version.number}`}>
          {texts.version(version.number)}
          {current && ` (${texts.current})`}
        </Title>
        <Text size="xs" c="dimmed">
          <time dateTime={version.createdAt}>{formatDateTime(version.createdAt)}</time>{' '}
          {texts.versionBy(editor)}
        </Text>
        {diff ? (
          <>
            <Text size="xs">{texts.changes(diff.added, diff.removed)}</Text>
            {diff.title && (
              <div>
                <Text size="xs" fw={600}>
                  {texts.titleChange}
                </Text>
                <DiffText parts={diff.title} />
              </div>
            )}
            {diff.content.some((part) => part.kind !== 'same') ? (
              <div>
                {diff.title && (
                  <Text size="xs" fw={600}>
                    {texts.textChange}
                  </Text>
                )}
                <DiffText parts={diff.content} />
              </div>
            ) : (
              <Text size="sm" c="dimmed">
                {texts.unchanged}
              </Text>
            )}
          </>
        ) : (
          <>
            <Text size="xs">{texts.original}</Text>
            {version.name !== null && (
              <Text size="sm" fw={600}>
                {version.name}
              </Text>
            )}
            <p className={classes.diff}>{versionText(version.content)}</p>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** Newest first: the current text on top, each with what changed against the version before it. */
function VersionList({ postId }: { postId: number }) {
  const versions = usePostVersions(postId);
  if (versions.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {texts.versionsLoadFailed}
      </Alert>
    );
  }
  if (!versions.data) {
    return <Text size="sm">{de.app.loading}</Text>;
  }
  const list = versions.data.versions;
  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed">
        {texts.legend}
      </Text>
      {list
        .map((version, index) => (
          <VersionEntry
            key={version.number}
            version={version}
            previous={list[index - 1]}
            current={index === list.length - 1}
          />
        ))
        .reverse()}
    </Stack>
  );
}

export default VersionList;
