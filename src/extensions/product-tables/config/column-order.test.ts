import { describe, expect, it } from 'vitest';
import { displayOrder } from './column-order.js';

const col = (id: string, order?: number) => ({ id, advanced: order === undefined ? {} : { order } }) as never;
const ids = (columns: Array<{ id: string }>) => columns.map((c) => c.id);

describe('displayOrder', () => {
  it('should order columns by advanced.order', () => {
    expect(ids(displayOrder([col('a', 3), col('b', 1), col('c', 2)]))).toEqual(['b', 'c', 'a']);
  });

  it('should keep the array order for ties and for columns without an order', () => {
    expect(ids(displayOrder([col('a', 2), col('b', 2), col('c', 1)]))).toEqual(['c', 'a', 'b']);
    expect(ids(displayOrder([col('a'), col('b'), col('c')]))).toEqual(['a', 'b', 'c']);
  });

  it('should place a column without an order at its 1-based array position', () => {
    expect(ids(displayOrder([col('a', 5), col('b'), col('c', 1)]))).toEqual(['c', 'b', 'a']);
  });

  it('should not change the array it is given', () => {
    const columns = [col('a', 2), col('b', 1)];
    displayOrder(columns);
    expect(ids(columns)).toEqual(['a', 'b']);
  });
});
