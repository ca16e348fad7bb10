import { DEFAULT_NOTIFICATION_SETTINGS, DIGEST_FREQUENCIES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { DIGEST_CHOICES, offersForumReplies } from './settings-form';

describe('notification settings form', () => {
  it('offers reply mails to members and admins, not to partners', () => {
    expect(offersForumReplies(['ROLE_PARTNER'])).toBe(false);
    expect(offersForumReplies(['ROLE_USER'])).toBe(true);
    expect(offersForumReplies(['ROLE_ADMIN'])).toBe(true);
    expect(offersForumReplies([])).toBe(false);
  });

  it('names every digest frequency in German, with when it comes', () => {
    expect(DIGEST_CHOICES.map((choice) => choice.value)).toEqual([...DIGEST_FREQUENCIES]);
    expect(DIGEST_CHOICES.map((choice) => choice.label)).toEqual(['Nie', 'Täglich', 'Wöchentlich']);
    expect(DIGEST_CHOICES.find((choice) => choice.value === 'daily')?.hint).toMatch(/7 Uhr/);
    expect(DIGEST_CHOICES.find((choice) => choice.value === 'weekly')?.hint).toMatch(/^Montags.*7 Uhr/);
  });

  it('has a choice for the default digest', () => {
    expect(DIGEST_CHOICES.some((choice) => choice.value === DEFAULT_NOTIFICATION_SETTINGS.digest)).toBe(true);
  });
});
