import type { TAdminGroup } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { changedGroupFields, groupFormDefaults } from './group-form';

const GROUP: TAdminGroup = { id: 4, name: 'Vorstand', internal: true, isDefault: false, memberCount: 3 };

describe('groupFormDefaults', () => {
  it('starts a new group unmarked and without a name', () => {
    expect(groupFormDefaults(undefined)).toEqual({ name: '', internal: false, isDefault: false });
  });

  it('fills the form with the group as it is', () => {
    expect(groupFormDefaults(GROUP)).toEqual({ name: 'Vorstand', internal: true, isDefault: false });
  });
});

describe('changedGroupFields', () => {
  it('sends only the renamed name', () => {
    expect(changedGroupFields(GROUP, { name: 'Präsidium', internal: true, isDefault: false })).toEqual({
      name: 'Präsidium',
    });
  });

  it('sends the marks that changed, also when they are turned off', () => {
    expect(changedGroupFields(GROUP, { name: 'Vorstand', internal: false, isDefault: true })).toEqual({
      internal: false,
      isDefault: true,
    });
  });

  it('answers null when nothing changed', () => {
    expect(changedGroupFields(GROUP, groupFormDefaults(GROUP))).toBeNull();
  });
});
