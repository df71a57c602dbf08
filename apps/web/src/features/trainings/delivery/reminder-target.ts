/** Who a Reminders modal was opened for: the selection of the employees table, or everybody. */
export interface ReminderTarget {
  all: boolean;
  emails: string[];
  excluded: string[];
  /** After the reminders went out (the table clears its selection). */
  onSent?: () => void;
}

/** Every employee of the program, narrowed in the modal by mode and lists. */
export const EVERY_EMPLOYEE: ReminderTarget = { all: true, emails: [], excluded: [] };

export const oneEmployee = (email: string): ReminderTarget => ({ all: false, emails: [email], excluded: [] });
