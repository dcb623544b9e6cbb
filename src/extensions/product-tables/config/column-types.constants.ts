/** Column types allowed inside a `combined` column (the schema's values and the editor's choices). */
export const COMBINABLE_TYPES = [
  'image',
  'name',
  'price',
  'sku',
  'stock',
  'summary',
  'date',
  'tax',
  'rating',
  'cf',
] as const;
