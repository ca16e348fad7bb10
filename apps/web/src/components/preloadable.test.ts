import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

function Form() {
  return null;
}

describe('preloadable', () => {
  it('loads the module once, however often it is preloaded', async () => {
    let loads = 0;
    const form = preloadable(async () => {
      loads += 1;
      return Form;
    });
    const [first, second] = await Promise.all([form.preload(), form.preload()]);
    await form.preload();
    expect(first).toBe(Form);
    expect(second).toBe(Form);
    expect(loads).toBe(1);
  });

  it('tries again after a failed load', async () => {
    let loads = 0;
    const form = preloadable(async () => {
      loads += 1;
      if (loads === 1) throw new Error('offline');
      return Form;
    });
    await expect(form.preload()).rejects.toThrow('offline');
    await expect(form.preload()).resolves.toBe(Form);
    expect(loads).toBe(2);
  });
});
