import type { ReminderSelection } from '@vigil/shared';

/**
 * Which employees of a program's table are picked (spec 2 §4 Reminder modes and selection): some on
 * the pages seen, or every employee on every page but the ones deselected since.
 */
export interface EmployeeSelection {
  all: boolean;
  /** Picked one by one, while not `all`. */
  emails: readonly string[];
  /** Deselected while `all`. */
  excluded: readonly string[];
}

export const NO_SELECTION: EmployeeSelection = { all: false, emails: [], excluded: [] };

export type SelectionAction =
  | { type: 'toggle'; email: string; selected: boolean }
  | { type: 'page'; emails: readonly string[]; selected: boolean }
  | { type: 'all' }
  | { type: 'clear' };

const withEmails = (list: readonly string[], emails: readonly string[]) => [
  ...list,
  ...emails.filter((email) => !list.includes(email)),
];
const withoutEmails = (list: readonly string[], emails: readonly string[]) =>
  list.filter((email) => !emails.includes(email));

/** Picking adds to `emails`, or while `all` takes the employee out of `excluded`; unpicking the reverse. */
function setPicked(
  state: EmployeeSelection,
  emails: readonly string[],
  selected: boolean,
): EmployeeSelection {
  if (state.all)
    return {
      ...state,
      excluded: selected ? withoutEmails(state.excluded, emails) : withEmails(state.excluded, emails),
    };
  return {
    ...state,
    emails: selected ? withEmails(state.emails, emails) : withoutEmails(state.emails, emails),
  };
}

export function selectionReducer(state: EmployeeSelection, action: SelectionAction): EmployeeSelection {
  switch (action.type) {
    case 'toggle':
      return setPicked(state, [action.email], action.selected);
    case 'page':
      return setPicked(state, action.emails, action.selected);
    case 'all':
      return { all: true, emails: [], excluded: [] };
    case 'clear':
      return NO_SELECTION;
  }
}

export const isSelected = (state: EmployeeSelection, email: string): boolean =>
  state.all ? !state.excluded.includes(email) : state.emails.includes(email);

/** How many employees are picked, of the `total` the table holds. */
export const selectedCount = (state: EmployeeSelection, total: number): number =>
  state.all ? Math.max(total - state.excluded.length, 0) : state.emails.length;

/** The header checkbox of a page: everyone on it picked, some, or none. */
export function pageSelection(
  state: EmployeeSelection,
  pageEmails: readonly string[],
): 'all' | 'some' | 'none' {
  const picked = pageEmails.filter((email) => isSelected(state, email)).length;
  if (picked === 0) return 'none';
  return picked === pageEmails.length ? 'all' : 'some';
}

/** The selection as the reminder calls take it. */
export const toReminderTarget = (
  state: EmployeeSelection,
): Required<Pick<ReminderSelection, 'all' | 'emails' | 'excluded'>> => ({
  all: state.all,
  emails: state.all ? [] : [...state.emails],
  excluded: state.all ? [...state.excluded] : [],
});
