import { describe, expect, it } from 'vitest';
import { createDiscardCheck, createUnsavedChanges } from './unsaved-changes';

describe('unsaved changes', () => {
  it('counts a dirty form only while its scope is open', () => {
    const changes = createUnsavedChanges();
    changes.report('sheet', 'a', true);
    expect(changes.isDirty('sheet')).toBe(false);
    changes.setOpen('sheet', true);
    expect(changes.isDirty('sheet')).toBe(true);
    expect(changes.anyDirty.get()).toBe(true);
    changes.setOpen('sheet', false);
    expect(changes.anyDirty.get()).toBe(false);
  });

  it('stays dirty while any form of the scope has changes', () => {
    const changes = createUnsavedChanges();
    changes.setOpen('drawer', true);
    changes.report('drawer', 'a', true);
    changes.report('drawer', 'b', true);
    changes.report('drawer', 'a', false);
    expect(changes.isDirty('drawer')).toBe(true);
    changes.report('drawer', 'b', false);
    expect(changes.isDirty('drawer')).toBe(false);
  });

  it('keeps scopes apart', () => {
    const changes = createUnsavedChanges();
    changes.setOpen('sheet', true);
    changes.setOpen('drawer', true);
    changes.report('drawer', 'a', true);
    expect(changes.isDirty('sheet')).toBe(false);
    expect(changes.isDirty('drawer')).toBe(true);
    expect(changes.anyDirty.get()).toBe(true);
  });
});

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('discard check', () => {
  it('allows a clean close without asking', async () => {
    let asked = 0;
    const check = createDiscardCheck(async () => {
      asked += 1;
      return false;
    });
    expect(await check(false)).toBe(true);
    expect(asked).toBe(0);
  });

  it('follows the answer for a dirty form and asks once at a time', async () => {
    let answer: (yes: boolean) => void = () => {};
    const check = createDiscardCheck(
      () =>
        new Promise<boolean>((resolve) => {
          answer = resolve;
        }),
    );
    const first = check(true);
    expect(await check(true)).toBe(false);
    answer(true);
    expect(await first).toBe(true);
    // The key press that answered is over: the next close request asks again.
    await nextTask();
    let asked = false;
    const second = check(true).then((yes) => {
      asked = true;
      return yes;
    });
    await Promise.resolve();
    expect(asked).toBe(false);
    answer(true);
    expect(await second).toBe(true);
  });

  it('does not ask again for a close request in the same task as the answer', async () => {
    let answer: (yes: boolean) => void = () => {};
    const check = createDiscardCheck(
      () =>
        new Promise<boolean>((resolve) => {
          answer = resolve;
        }),
    );
    const first = check(true);
    answer(false);
    expect(await first).toBe(false);
    expect(await check(true)).toBe(false);
  });
});
