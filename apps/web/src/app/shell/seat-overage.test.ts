import { describe, expect, it } from 'vitest';
import { seatOverage } from './seat-overage.ts';

describe('seatOverage', () => {
  it('counts the employees and seats when there are more employees than seats', () => {
    expect(seatOverage({ users_total: 12, users_available: 10 })).toEqual({ n: 12, m: 10 });
  });

  it('is null within the seats and without a seat limit', () => {
    expect(seatOverage({ users_total: 10, users_available: 10 })).toBeNull();
    expect(seatOverage({ users_total: 500, users_available: null })).toBeNull();
  });
});
