import { afterAll, expect } from 'vitest';

// Every test file ends with Object.prototype as it began: no request may have reached it.
const before = Object.getOwnPropertyNames(Object.prototype)
  .sort()
  .map((name) => [name, Object.getOwnPropertyDescriptor(Object.prototype, name)?.value] as const);

afterAll(() => {
  const after = Object.getOwnPropertyNames(Object.prototype)
    .sort()
    .map((name) => [name, Object.getOwnPropertyDescriptor(Object.prototype, name)?.value] as const);
  expect(after, 'Object.prototype was changed during this file').toEqual(before);
});
