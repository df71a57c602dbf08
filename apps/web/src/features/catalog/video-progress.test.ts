import { describe, expect, it } from 'vitest';
import { newMilestones } from './video-progress.ts';

const at = (currentTime: number, ended = false) => ({ currentTime, duration: 200, ended });

describe('newMilestones', () => {
  it('records nothing before a quarter', () => {
    expect(newMilestones(at(49), new Set())).toEqual([]);
  });

  it('records 25 % (8), 50 % (9), 75 % (10), 95 % (11) as they are crossed', () => {
    expect(newMilestones(at(50), new Set())).toEqual([8]);
    expect(newMilestones(at(100), new Set([8]))).toEqual([9]);
    expect(newMilestones(at(150), new Set([8, 9]))).toEqual([10]);
    expect(newMilestones(at(190), new Set([8, 9, 10]))).toEqual([11]);
  });

  it('records each milestone once per view', () => {
    expect(newMilestones(at(120), new Set([8, 9]))).toEqual([]);
  });

  it('records every milestone a jump passes', () => {
    expect(newMilestones(at(160), new Set())).toEqual([8, 9, 10]);
  });

  it('records 100 % (12) when the video ends', () => {
    expect(newMilestones(at(199.9, true), new Set([8, 9, 10, 11]))).toEqual([12]);
    expect(newMilestones(at(200), new Set([8, 9, 10, 11]))).toEqual([12]);
  });

  it('waits for a known duration', () => {
    expect(newMilestones({ currentTime: 10, duration: Number.NaN, ended: false }, new Set())).toEqual([]);
    expect(newMilestones({ currentTime: 10, duration: 0, ended: false }, new Set())).toEqual([]);
  });
});
