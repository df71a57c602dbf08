import { describe, expect, it } from 'vitest';
import { pageCount, pageWindow } from './page-window.ts';

describe('pageWindow', () => {
  it('shows five buttons around the current page', () => {
    expect(pageWindow(6, 12, 5)).toEqual([4, 5, 6, 7, 8]);
  });

  it('keeps five buttons at either end', () => {
    expect(pageWindow(1, 12, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 12, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(12, 12, 5)).toEqual([8, 9, 10, 11, 12]);
  });

  it('shows every page when there are fewer than five', () => {
    expect(pageWindow(2, 3, 5)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1, 5)).toEqual([1]);
  });
});

describe('pageCount', () => {
  it('rounds up, with one page for an empty table', () => {
    expect(pageCount(41, 20)).toBe(3);
    expect(pageCount(40, 20)).toBe(2);
    expect(pageCount(0, 20)).toBe(1);
  });
});
