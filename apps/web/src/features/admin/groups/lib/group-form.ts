import type { TAdminGroup, TAdminGroupUpdate } from '@portal/contract';

/** What the group form holds (the contract's `ZAdminGroupCreate` checks it, trimming the name). */
export interface TGroupFormValues {
  name: string;
  internal: boolean;
  isDefault: boolean;
}

/** A new group starts unmarked; an existing one with what it has. */
export function groupFormDefaults(group: TAdminGroup | undefined): TGroupFormValues {
  return {
    name: group?.name ?? '',
    internal: group?.internal ?? false,
    isDefault: group?.isDefault ?? false,
  };
}

/**
 * The fields the form changed, the body of PATCH (the last write wins field by field, so a rename does not
 * undo another admin's 'Intern' meanwhile); null when nothing changed.
 */
export function changedGroupFields(group: TAdminGroup, values: TGroupFormValues): TAdminGroupUpdate | null {
  const changes: TAdminGroupUpdate = {};
  if (values.name !== group.name) changes.name = values.name;
  if (values.internal !== group.internal) changes.internal = values.internal;
  if (values.isDefault !== group.isDefault) changes.isDefault = values.isDefault;
  return Object.keys(changes).length === 0 ? null : changes;
}
