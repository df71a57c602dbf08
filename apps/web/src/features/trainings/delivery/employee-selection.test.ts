import { describe, expect, it } from 'vitest';
import {
  isSelected,
  NO_SELECTION,
  pageSelection,
  selectedCount,
  selectionReducer,
  toReminderTarget,
  type EmployeeSelection,
  type SelectionAction,
} from './employee-selection.ts';

const PAGE = ['a@x.io', 'b@x.io', 'c@x.io'];
const run = (...actions: SelectionAction[]): EmployeeSelection =>
  actions.reduce(selectionReducer, NO_SELECTION);

describe('employee selection', () => {
  it('picks and unpicks employees one by one', () => {
    const state = run(
      { type: 'toggle', email: 'a@x.io', selected: true },
      { type: 'toggle', email: 'b@x.io', selected: true },
      { type: 'toggle', email: 'a@x.io', selected: false },
    );
    expect(state).toEqual({ all: false, emails: ['b@x.io'], excluded: [] });
    expect(selectedCount(state, 40)).toBe(1);
    expect(pageSelection(state, PAGE)).toBe('some');
  });

  it('picks a whole page without repeating anyone, and keeps the picks of other pages', () => {
    const state = run(
      { type: 'toggle', email: 'z@x.io', selected: true },
      { type: 'toggle', email: 'a@x.io', selected: true },
      { type: 'page', emails: PAGE, selected: true },
    );
    expect(state.emails).toEqual(['z@x.io', 'a@x.io', 'b@x.io', 'c@x.io']);
    expect(pageSelection(state, PAGE)).toBe('all');
    const cleared = selectionReducer(state, { type: 'page', emails: PAGE, selected: false });
    expect(cleared.emails).toEqual(['z@x.io']);
    expect(pageSelection(cleared, PAGE)).toBe('none');
  });

  it('selects every employee on all pages, remembering who is deselected since', () => {
    const state = run(
      { type: 'toggle', email: 'a@x.io', selected: true },
      { type: 'all' },
      { type: 'toggle', email: 'b@x.io', selected: false },
      { type: 'page', emails: ['d@x.io', 'e@x.io'], selected: false },
      { type: 'toggle', email: 'e@x.io', selected: true },
    );
    expect(state).toEqual({ all: true, emails: [], excluded: ['b@x.io', 'd@x.io'] });
    expect(isSelected(state, 'a@x.io')).toBe(true);
    expect(isSelected(state, 'b@x.io')).toBe(false);
    expect(selectedCount(state, 40)).toBe(38);
    expect(pageSelection(state, PAGE)).toBe('some');
  });

  it('gives the reminder calls only the list that applies', () => {
    expect(toReminderTarget(run({ type: 'toggle', email: 'a@x.io', selected: true }))).toEqual({
      all: false,
      emails: ['a@x.io'],
      excluded: [],
    });
    expect(
      toReminderTarget(run({ type: 'all' }, { type: 'toggle', email: 'c@x.io', selected: false })),
    ).toEqual({ all: true, emails: [], excluded: ['c@x.io'] });
  });

  it('clears everything, and never counts below nobody', () => {
    expect(run({ type: 'all' }, { type: 'clear' })).toEqual(NO_SELECTION);
    expect(selectedCount(run({ type: 'all' }, { type: 'page', emails: PAGE, selected: false }), 2)).toBe(0);
    expect(pageSelection(NO_SELECTION, [])).toBe('none');
  });
});
