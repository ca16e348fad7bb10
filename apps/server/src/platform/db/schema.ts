import type { ColumnType, Generated, SqlBool } from 'kysely';

/** PostgreSQL returns Date, SQLite the ISO text it stored; repositories read both through toDate(). */
export type Timestamp = ColumnType<Date | string, Date, Date>;
export type Bool = ColumnType<SqlBool, boolean, boolean>;

export interface UserGroupsTable {
  id: Generated<number>;
  name: string;
  internal: Bool;
  isDefault: Bool;
  createdAt: Timestamp;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** username lower-cased and NFC-normalised: the unique, case-insensitive key. */
  usernameKey: string;
  email: string | null;
  company: string | null;
  /** the highest role; the hierarchy grants the rest (ARCHITECTURE §4). */
  role: string;
  passwordHash: string | null;
  disabled: Bool;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface UserGroupMembersTable {
  userId: number;
  groupId: number;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  userId: number;
  familyId: string;
  tokenHash: string;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  revokedAt: Timestamp | null;
  createdAt: Timestamp;
}

export interface LoginTokensTable {
  id: Generated<number>;
  userId: number;
  tokenHash: string;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  createdAt: Timestamp;
}

export interface DB {
  userGroups: UserGroupsTable;
  users: UsersTable;
  userGroupMembers: UserGroupMembersTable;
  refreshTokens: RefreshTokensTable;
  loginTokens: LoginTokensTable;
}

export function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}
