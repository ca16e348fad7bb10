import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Tooltip.css';
import { Button, Group, Popover, Tooltip } from '@mantine/core';
import { REACTION_LABELS, type TForumPost, type TPostReaction } from '@portal/contract';
import { IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { de } from '../../../i18n/de';
import { useReactionPeople } from '../api/get-reaction-people';
import { useReactToPost } from '../api/react-to-post';
import { reactionButtons } from '../lib/reactions';
import classes from './conversation.module.css';
import { peopleOfKind, ReactionPeople } from './reaction-people';
import { useLongPress } from './use-long-press';

const texts = de.forumConversation;

interface ReactionBarProps {
  post: TForumPost;
  threadId: number;
  /** 'Beitrag 3 von Erika Muster': names the group and the list for screen readers */
  label: string;
}

/**
 * Under each post (issue 37 point 5): the fixed set of reactions as toggle buttons with their counts
 * (aria-pressed for the member's own), toggled at once and settled to the server's answer. Who reacted shows
 * on hover and focus of a button, on a long press, and under 'Wer hat reagiert?' (tap or keyboard).
 */
export function ReactionBar({ post, threadId, label }: ReactionBarProps) {
  const react = useReactToPost(threadId);
  const [asked, setAsked] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  const people = useReactionPeople(post.id, asked);
  const total = post.reactions.reduce((sum, reaction) => sum + reaction.count, 0);
  const openList = () => {
    setAsked(true);
    setListOpen(true);
  };
  return (
    <Group gap={6} role="group" aria-label={texts.reactions(label)}>
      {reactionButtons(post.reactions).map((reaction) => (
        <ReactionButton
          key={reaction.kind}
          reaction={reaction}
          people={peopleOfKind(people, reaction.kind)}
          onAsk={() => setAsked(true)}
          onLongPress={openList}
          onToggle={() => react.mutate({ postId: post.id, kind: reaction.kind, on: !reaction.mine })}
        />
      ))}
      {total > 0 && (
        <Popover opened={listOpen} onChange={setListOpen} position="bottom-start" shadow="md" withArrow>
          <Popover.Target>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconUsers size={14} aria-hidden />}
              aria-label={texts.whoReactedLabel(label)}
              aria-expanded={listOpen}
              onClick={() => (listOpen ? setListOpen(false) : openList())}
            >
              {texts.whoReacted}
            </Button>
          </Popover.Target>
          <Popover.Dropdown aria-label={texts.whoReactedLabel(label)} maw={300}>
            <ReactionPeople answer={people} />
          </Popover.Dropdown>
        </Popover>
      )}
    </Group>
  );
}

interface ReactionButtonProps {
  reaction: TPostReaction;
  people: string;
  onAsk: () => void;
  onLongPress: () => void;
  onToggle: () => void;
}

function ReactionButton({ reaction, people, onAsk, onLongPress, onToggle }: ReactionButtonProps) {
  const { emoji, label } = REACTION_LABELS[reaction.kind];
  const { endsLongPress, ...press } = useLongPress(onLongPress);
  const button = (
    <Button
      variant={reaction.mine ? 'light' : 'default'}
      size="compact-sm"
      aria-pressed={reaction.mine}
      onMouseEnter={onAsk}
      onFocus={onAsk}
      {...press}
      onClick={() => {
        if (!endsLongPress()) onToggle();
      }}
    >
      <span aria-hidden>{emoji}</span>&nbsp;{label}
      {reaction.count > 0 && <span className={classes.reactionCount}>&nbsp;{reaction.count}</span>}
    </Button>
  );
  // Always inside its tooltip (disabled while nobody chose the kind): a first reaction must not remount the
  // button, which would take the focus from a keyboard member.
  return (
    <Tooltip
      label={people}
      disabled={reaction.count === 0}
      events={{ hover: true, focus: true, touch: false }}
      multiline
      maw={280}
      openDelay={300}
    >
      {button}
    </Tooltip>
  );
}
