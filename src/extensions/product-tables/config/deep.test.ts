import { describe, expect, it } from 'vitest';
import { changedPaths, deepMerge } from './deep.js';

describe('deepMerge', () => {
  it('should merge objects key by key and replace arrays and scalars', () => {
    expect(deepMerge({ a: { b: 1, c: 2 }, l: [1, 2] }, { a: { c: 3 }, l: [9], u: undefined })).toEqual({
      a: { b: 1, c: 3 },
      l: [9],
    });
  });

  it('should not change its inputs', () => {
    const base = { a: { b: 1 } };
    deepMerge(base, { a: { b: 2 } });
    expect(base).toEqual({ a: { b: 1 } });
  });
});

describe('changedPaths', () => {
  it('should list the dotted paths of changed leaves', () => {
    expect(changedPaths({ a: { b: 1, c: [1] }, d: 1 }, { a: { b: 2, c: [1] }, d: 1, e: 0 })).toEqual([
      'a.b',
      'e',
    ]);
  });
});
