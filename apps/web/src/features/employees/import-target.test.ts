import { describe, expect, it } from 'vitest';
import { importTarget } from './import-target.ts';

describe('importTarget', () => {
  it('imports into the fixed list of the add employees modal', () => {
    expect(importTarget('l1', { mode: 'new', listId: null, listName: '' })).toEqual({ listId: 'l1' });
  });

  it('imports into the chosen list, or nowhere until one is chosen', () => {
    expect(importTarget(undefined, { mode: 'existing', listId: 'l2', listName: 'x' })).toEqual({
      listId: 'l2',
    });
    expect(importTarget(undefined, { mode: 'existing', listId: null, listName: 'x' })).toBeNull();
  });

  it('creates a list of the typed name, trimmed, once there is one', () => {
    expect(importTarget(undefined, { mode: 'new', listId: 'l2', listName: ' Sales ' })).toEqual({
      listName: 'Sales',
    });
    expect(importTarget(undefined, { mode: 'new', listId: null, listName: '  ' })).toBeNull();
  });
});
