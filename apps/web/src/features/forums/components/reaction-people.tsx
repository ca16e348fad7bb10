import { Stack, Text } from '@mantine/core';
import { REACTION_LABELS, type TPostReactionPeople, type TReactionKind } from '@portal/contract';
import { de } from '../../../i18n/de';
import classes from './conversation.module.css';

const texts = de.forumConversation;

type PeopleAnswer = { data?: TPostReactionPeople | undefined; isError: boolean };

/** Names beyond this many read '… und 3 weitere' in the short list on hover and focus. */
const SHORT_LIST_MAX = 10;

/** The names who reacted with `kind`, for the tooltip of its button. */
export function peopleOfKind(answer: PeopleAnswer, kind: TReactionKind): string {
  if (answer.isError) return texts.peopleFailed;
  if (!answer.data) return texts.peopleLoading;
  const names = (answer.data.reactions.find((entry) => entry.kind === kind)?.people ?? []).map(
    (person) => person.name || person.username,
  );
  if (names.length === 0) return texts.nobody;
  const shown = names.slice(0, SHORT_LIST_MAX).join(', ');
  const more = names.length - SHORT_LIST_MAX;
  return more > 0 ? `${shown} … ${more === 1 ? 'und 1 weitere Person' : `und ${more} weitere`}` : shown;
}

/** Everyone who reacted, by kind: the list that 'Wer hat reagiert?' and a long press open. */
export function ReactionPeople({ answer }: { answer: PeopleAnswer }) {
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
