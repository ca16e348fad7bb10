import { Button, Text } from '@mantine/core';
import { COMPANY_LETTERS } from '@portal/contract';
import { de } from '../../../i18n/de';
import classes from './companies.module.css';

const texts = de.directory;

interface LetterBarProps {
  letter: string | null;
  onChange: (letter: string | null) => void;
}

/** The A–Z bar: 'Alle', A … Z and '#' (names starting with a digit or another sign); the chosen one is pressed. */
export function LetterBar({ letter, onChange }: LetterBarProps) {
  const choices: (string | null)[] = [null, ...COMPANY_LETTERS];
  return (
    <fieldset className={classes.letterSet}>
      <Text component="legend" size="sm" fw={500} mb={4}>
        {texts.letters}
      </Text>
      <div className={classes.letters}>
        {choices.map((choice) => {
          const pressed = choice === letter;
          return (
            <Button
              key={choice ?? 'all'}
              size="compact-sm"
              variant={pressed ? 'filled' : 'default'}
              className={classes.letterButton}
              aria-pressed={pressed}
              aria-label={choice === null ? undefined : texts.letter(choice)}
              onClick={() => onChange(choice)}
            >
              {choice ?? texts.allLetters}
            </Button>
          );
        })}
      </div>
    </fieldset>
  );
}
