export * from './constants.ts';
export * from './retry.ts';
export * from './errors.ts';
export * from './validation.ts';
export * from './auth.ts';
export * from './companies.ts';
export * from './realtime.ts';
export * from './employees.ts';
