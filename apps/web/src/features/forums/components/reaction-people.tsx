import { Stack, Text } from '@mantine/core';
import { REACTION_LABELS, type TReactionKind } from '@portal/contract';
import { de } from '../../../i18n/de';
import { useReactionPeople } from '../api/get-reaction-people';
import classes from './conversation.module.css';

const texts = de.forumConversation;

/** Names beyond this many read '… und 3 weitere' in the short list on hover and focus. */
const SHORT_LIST_MAX = 10;

/**
 * The names who reacted with `kind`, below the reactions while a button is hovered or focused; the button
 * names it as its description. Asks the server on its first showing (kept 30 s).
 */
export function ReactionHint({ id, postId, kind }: { id: string; postId: number; kind: TReactionKind }) {
  const answer = useReactionPeople(postId);
  let text: string;
  if (answer.isError) text = texts.peopleFailed;
  else if (!answer.data) text = texts.peopleLoading;
  else {
    const names = (answer.data.reactions.find((entry) => entry.kind === kind)?.people ?? []).map(
      (person) => person.name || person.username,
    );
    const more = names.length - SHORT_LIST_MAX;
    text =
      names.length === 0
        ? texts.nobody
        : `${names.slice(0, SHORT_LIST_MAX).join(', ')}${more > 0 ? ` ${texts.more(more)}` : ''}`;
  }
  return (
    <div id={id} role="tooltip" className={classes.reactionHint}>
      {text}
    </div>
  );
}

/** Everyone who reacted, by kind: the list that 'Wer hat reagiert?' and a long press open. */
export function ReactionPeople({ postId }: { postId: number }) {
  const answer = useReactionPeople(postId);
  if (answer.isError) return <Text size="sm">{texts.peopleFailed}</Text>;
  if (!answer.data) return <Text size="sm">{texts.peopleLoading}</Text>;
  const kinds = answer.data.reactions.filter((entry) => entry.people.length > 0);
  if (kinds.length === 0) return <Text size="sm">{texts.nobody}</Text>;
  return (
    <Stack gap="xs">
      {kinds.map((entry) => (
        <div key={entry.kind}>
          <Text size="sm" fw={600}>
            <span aria-hidden>{REACTION_LABELS[entry.kind].emoji} </span>
            {REACTION_LABELS[entry.kind].label}
          </Text>
          <ul className={classes.people}>
            {entry.people.map((person) => (
              <li key={person.id}>{person.name || person.username}</li>
            ))}
          </ul>
        </div>
      ))}
    </Stack>
  );
}
