import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportedNames, standIn } from './zod-without-json-schema';

const zodCore = path.join(path.dirname(createRequire(import.meta.url).resolve('zod')), 'v4/core');

describe('zod without JSON Schema (web build)', () => {
  it('stands in for every export of the modules it replaces, so the build links as before', () => {
    for (const name of ['to-json-schema.js', 'json-schema-processors.js']) {
      const code = readFileSync(path.join(zodCore, name), 'utf8');
      const names = exportedNames(code);
      expect(names.length).toBeGreaterThan(5);
      expect(exportedNames(standIn(code, '')).sort()).toEqual([...names].sort());
    }
  });

  it('keeps what it is given and makes the factories return a method that throws', () => {
    const code =
      'export function aggregateChecks(s) { return {}; }\nexport const createToJSONSchemaMethod = () => 1;';
    const stood = standIn(code, 'export function aggregateChecks(s) { return { kept: true }; }');
    expect(stood).toContain('return { kept: true }');
    expect(stood).toContain('export const createToJSONSchemaMethod = () => unavailable;');
    expect(exportedNames(stood).sort()).toEqual(['aggregateChecks', 'createToJSONSchemaMethod']);
  });
});
