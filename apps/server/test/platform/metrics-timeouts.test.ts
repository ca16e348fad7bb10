import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, timeoutKind } from '../../src/platform/db/database-errors.ts';
import { RequestScope } from '../../src/platform/db/request-scope.ts';

describe('timeoutKind (portal_db_timeouts_total)', () => {
  it("should tell PostgreSQL's statement timeout by its SQLSTATE", () => {
    const cause = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    expect(timeoutKind(new DatabaseUnavailableError(cause.message, { cause }))).toBe('statement');
  });

  it('should tell a SQLite lock held past the busy timeout by its result code', () => {
    const cause = Object.assign(new Error('database is locked'), { errcode: 5 });
    expect(timeoutKind(new DatabaseUnavailableError(cause.message, { cause }))).toBe('lock');
  });

  it('should tell a request whose database time is used up, and a database that did not answer', () => {
    expect(timeoutKind(new RequestScope(1000).outOfTime())).toBe('request');
    expect(timeoutKind(new DatabaseUnavailableError('no answer within 6000 ms'))).toBe('deadline');
  });

  it('should not count an outage, a read-only database or any other error', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(timeoutKind(new DatabaseUnavailableError(refused.message, { cause: refused }))).toBeUndefined();
    const readOnly = Object.assign(new Error('attempt to write a readonly database'), { errcode: 8 });
    expect(timeoutKind(new DatabaseUnavailableError(readOnly.message, { cause: readOnly }))).toBeUndefined();
    expect(timeoutKind(new Error('no answer within 5 ms'))).toBeUndefined();
  });
});
