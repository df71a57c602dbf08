export * from './users.ts';
export * from './companies.ts';
export * from './auth.ts';
export * from './mail.ts';
export * from './employees.ts';
export * from './content.ts';
export * from './trainings.ts';
export * from './assessments.ts';
