import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { employeeKey } from './employees.ts';
import { trainings } from './trainings.ts';

/**
 * The enrolment mails sent (ui.sendEnrolment): one per employee and program, written before the mail
 * goes, so a retried job or a second add to another list of the program never welcomes twice.
 */
export const enrolmentMails = pgTable(
  'enrolment_mails',
  {
    trainingId: uuid('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').notNull(),
    employeeId: uuid('employee_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.trainingId, t.employeeId] }),
    employeeKey('enrolment_mails', t),
    // Erasing an employee deletes their rows by this key.
    index('enrolment_mails_employee_idx').on(t.employeeId),
  ],
);
