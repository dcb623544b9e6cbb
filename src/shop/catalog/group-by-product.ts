/** Rows grouped by their `product_id`, each turned into what the caller keeps, in row order. */
export function groupByProduct<Row extends { product_id: number }, T>(
  rows: readonly Row[],
  pick: (row: Row) => T,
): Map<number, T[]> {
  const byProduct = new Map<number, T[]>();
  for (const row of rows) {
    const list = byProduct.get(row.product_id) ?? [];
    list.push(pick(row));
    byProduct.set(row.product_id, list);
  }
  return byProduct;
}
