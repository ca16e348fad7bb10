import { Paper } from '@mantine/core';
import { REACTION_LABELS, type TForumPost, type TPostReaction, type TReactionKind } from '@portal/contract';
import { IconUsers } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { de } from '../../../i18n/de';
import { useReactToPost } from '../api/react-to-post';
import { reactionButtons } from '../lib/reactions';
import classes from './conversation.module.css';
import { ReactionHint, ReactionPeople } from './reaction-people';
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
 * on hover and focus of a button (a tooltip that describes it), on a long press and under 'Wer hat reagiert?'
 * (a disclosure, for taps and keys). Nothing but the buttons renders until then: a page holds 20 posts
 * (decision 0193).
 */
export function ReactionBar({ post, threadId, label }: ReactionBarProps) {
  const react = useReactToPost(threadId);
  const id = useId();
  const [hint, setHint] = useState<TReactionKind | null>(null);
  const [listOpen, setListOpen] = useState(false);
  const total = post.reactions.reduce((sum, reaction) => sum + reaction.count, 0);
  const hinted = post.reactions.find((reaction) => reaction.kind === hint && reaction.count > 0);
  return (
    <div className={classes.reactions}>
      <fieldset aria-label={texts.reactions(label)} className={classes.reactionButtons}>
        {reactionButtons(post.reactions).map((reaction) => (
          <ReactionButton
            key={reaction.kind}
            reaction={reaction}
            describedBy={hinted?.kind === reaction.kind ? `${id}-hint` : undefined}
            onHint={(shown) => setHint(shown ? reaction.kind : null)}
            onLongPress={() => setListOpen(true)}
            onToggle={() => react.mutate({ postId: post.id, kind: reaction.kind, on: !reaction.mine })}
          />
        ))}
        {total > 0 && (
          <button
            type="button"
            className={classes.whoReacted}
            aria-label={texts.whoReactedLabel(label)}
            aria-expanded={listOpen}
            aria-controls={listOpen ? `${id}-people` : undefined}
            onClick={() => setListOpen(!listOpen)}
          >
            <IconUsers size={14} aria-hidden />
            {texts.whoReacted}
          </button>
        )}
      </fieldset>
      {hinted && !listOpen && <ReactionHint id={`${id}-hint`} postId={post.id} kind={hinted.kind} />}
      {listOpen && total > 0 && (
        <Paper id={`${id}-people`} withBorder radius="sm" p="xs" mt={6} className={classes.peoplePanel}>
          <ReactionPeople postId={post.id} />
        </Paper>
      )}
    </div>
  );
}

interface ReactionButtonProps {
  reaction: TPostReaction;
  describedBy: string | undefined;
  onHint: (shown: boolean) => void;
  onLongPress: () => void;
  onToggle: () => void;
}

/**
 * A plain button styled as Mantine's small ones: 80 of Mantine's Button on a page of 20 posts cost the last
 * page of a 5,000-post thread more than 100 ms (bench/thread-page.ts).
 */
function ReactionButton({ reaction, describedBy, onHint, onLongPress, onToggle }: ReactionButtonProps) {
  const { emoji, label } = REACTION_LABELS[reaction.kind];
  const { endsLongPress, ...press } = useLongPress(onLongPress);
  return (
    <button
      type="button"
      className={classes.reaction}
      aria-pressed={reaction.mine}
      aria-describedby={describedBy}
      onMouseEnter={() => onHint(true)}
      onMouseLeave={() => onHint(false)}
      onFocus={() => onHint(true)}
      onBlur={() => onHint(false)}
      {...press}
      onClick={() => {
        if (!endsLongPress()) onToggle();
      }}
    >
      <span aria-hidden>{emoji}</span>
      {label}
      {reaction.count > 0 && <span className={classes.reactionCount}>{reaction.count}</span>}
    </button>
  );
}
