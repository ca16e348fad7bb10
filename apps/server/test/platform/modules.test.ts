import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../../src/modules.ts';

describe('the modules the platform services hear of (src/modules.ts)', () => {
  it('should hold every feature, once', () => {
    const folders = readdirSync(new URL('../../src/features/', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const features = MODULES.map((module) => module.name).filter((name) => name !== 'platform');
    expect([...features].sort()).toEqual(folders.sort());
  });
});
