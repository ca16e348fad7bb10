import { describe, expect, it } from 'vitest';
import { answerMode, badgeStatus, eventStatus, STATUS_COLOR } from './event-status';

const open = { external: false, teilnahmeausblenden: false, registrationOpen: true, canSubscribe: true };

describe('event status (SPEC §4)', () => {
  it('reads accepted, declined and pending from the own answer', () => {
    expect(eventStatus({ external: false, mySubscription: true })).toBe('accepted');
    expect(eventStatus({ external: false, mySubscription: false })).toBe('declined');
    expect(eventStatus({ external: false, mySubscription: null })).toBe('pending');
  });

  it('reads a waiting place as waiting (issue 35)', () => {
    expect(eventStatus({ external: false, mySubscription: null, myWaitlistPosition: 3 })).toBe('waiting');
    expect(eventStatus({ external: false, mySubscription: null, myWaitlistPosition: null })).toBe('pending');
  });

  it('calls external events external whatever the answer', () => {
    expect(eventStatus({ external: true, mySubscription: true })).toBe('external');
    expect(eventStatus({ external: true, mySubscription: null })).toBe('external');
  });

  it('colours green, red, blue and purple', () => {
    expect(STATUS_COLOR).toEqual({
      accepted: 'green',
      declined: 'red',
      pending: 'blue',
      external: 'grape',
      waiting: 'cyan.9',
    });
  });
});

describe('badge status', () => {
  it('shows no word for an unanswered event whose buttons are hidden', () => {
    expect(badgeStatus({ external: false, mySubscription: null, teilnahmeausblenden: true })).toBeNull();
  });

  it('keeps a given answer and the other statuses', () => {
    expect(badgeStatus({ external: false, mySubscription: true, teilnahmeausblenden: true })).toBe(
      'accepted',
    );
    expect(badgeStatus({ external: true, mySubscription: null, teilnahmeausblenden: true })).toBe('external');
    expect(badgeStatus({ external: false, mySubscription: null, teilnahmeausblenden: false })).toBe(
      'pending',
    );
  });
});

describe('answer mode', () => {
  it('offers the buttons while registration is open', () => {
    expect(answerMode(open)).toBe('buttons');
  });

  it('shows no buttons for external events and teilnahmeausblenden, even after the deadline', () => {
    expect(answerMode({ ...open, external: true })).toBe('none');
    expect(answerMode({ ...open, teilnahmeausblenden: true, registrationOpen: false })).toBe('none');
  });

  it('tells that the deadline has passed', () => {
    expect(answerMode({ ...open, registrationOpen: false, canSubscribe: false })).toBe('closed');
  });

  it('is read-only for those who may not answer', () => {
    expect(answerMode({ ...open, canSubscribe: false })).toBe('readOnly');
  });
});
