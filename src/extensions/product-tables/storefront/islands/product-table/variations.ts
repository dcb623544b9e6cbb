/** A variation as the variable product's cell embeds it (`data-product-variations`). */
export interface Variation {
  id: number;
  attributes?: Record<string, string>;
  price: string;
  in_stock: boolean;
  max: number | null;
}

/**
 * The first variation matching the chosen options (attribute name, lower case → option): a variation's empty
 * value means "any", and an attribute without a select does not narrow. Null when none matches.
 */
export function matchingVariation(variations: Variation[], chosen: Record<string, string>): Variation | null {
  return (
    variations.find((variation) =>
      Object.entries(variation.attributes || {}).every(([name, value]) => {
        const want = chosen[name.toLowerCase()];
        return value === '' || want === undefined || value === want;
      }),
    ) ?? null
  );
}
