import { DIGEST_FREQUENCIES, hasRole, type TDigestFrequency, type TRole } from '@portal/contract';
import { de } from '../../../i18n/de';

/**
 * Reply mails are about the forums, which are for members (ROLE_USER) and admins: a partner is not offered
 * the switch, and the server never mails them about replies. Their saved value goes back unchanged.
 */
export function offersForumReplies(roles: readonly TRole[]): boolean {
  return hasRole(roles, 'ROLE_USER');
}

export interface DigestChoice {
  value: TDigestFrequency;
  label: string;
  hint: string;
}

/** The digest's choices in the contract's order: 'Nie', 'Täglich', 'Wöchentlich', each with its time. */
export const DIGEST_CHOICES: readonly DigestChoice[] = DIGEST_FREQUENCIES.map((value) => ({
  value,
  ...de.notifications.digestOptions[value],
}));
