import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const source = (file: string) => readFileSync(new URL(`./islands/${file}`, import.meta.url), 'utf8');

describe('storefront island', () => {
  it('should never build DOM from strings with innerHTML except the server-rendered rows and pagination', () => {
    const all = [
      'product-tables.ts',
      'product-table/product-table.ts',
      'product-table/dom.ts',
      'product-table/store-api.ts',
    ]
      .map(source)
      .join('\n');
    expect(all.match(/innerHTML|insertAdjacentHTML/g) ?? []).toHaveLength(3);
    expect(all).toContain("tbody.insertAdjacentHTML('beforeend', body!.html)");
    expect(all).toContain('tbody.innerHTML = body!.html');
    expect(all).toContain('slot.innerHTML = body!.pagination');
  });
});
