import { describe, expect, it } from 'vitest';
import { EMPLOYEE_PATHS, listSearchFrom } from './employee-paths.ts';

describe('EMPLOYEE_PATHS', () => {
  it('builds the routes of spec 3 §2.1 with their trailing slash', () => {
    expect(EMPLOYEE_PATHS.addToNewList('l1')).toBe('/users/add/l1/');
    expect(EMPLOYEE_PATHS.list('l1')).toBe('/users/list/l1/');
    expect(EMPLOYEE_PATHS.renameList('l1')).toBe('/users/list/l1/edit/');
    expect(EMPLOYEE_PATHS.addUsers('l1')).toBe('/users/list/l1/add-users/');
  });

  it('encodes the email of an employee detail link', () => {
    expect(EMPLOYEE_PATHS.employee('l1', 'ana+hr@example.com')).toBe(
      '/users/list/l1/user/ana%2Bhr%40example.com/',
    );
  });
});

describe('listSearchFrom', () => {
  it('takes the table state a link to an employee carried', () => {
    expect(listSearchFrom({ listSearch: '?page=3' })).toBe('?page=3');
  });

  it('ignores anything else', () => {
    expect(listSearchFrom(null)).toBe('');
    expect(listSearchFrom({ listSearch: 42 })).toBe('');
    expect(listSearchFrom({ listSearch: '//evil.example' })).toBe('');
  });
});
