import { AUDIT_KINDS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../../src/modules.ts';

describe('the kinds of audit entry', () => {
  it('should each be recorded by exactly one feature', () => {
    const claimed = MODULES.flatMap((module) => module.auditKinds ?? []);
    expect([...claimed].sort()).toEqual(Object.keys(AUDIT_KINDS).sort());
  });
});
