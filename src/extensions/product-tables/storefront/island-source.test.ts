import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const islands = new URL('./islands/', import.meta.url);
/** Every source file of the island (its entry and its modules). */
const source = () =>
  (readdirSync(islands, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts'))
    .map((file) => readFileSync(new URL(file, islands), 'utf8'))
    .join('\n');

describe('storefront island', () => {
  it('should never build DOM from strings with innerHTML except the server-rendered rows and pagination', () => {
    const all = source();
    expect(all.match(/innerHTML|insertAdjacentHTML/g) ?? []).toHaveLength(3);
    expect(all).toContain("tbody.insertAdjacentHTML('beforeend', body!.html)");
    expect(all).toContain('tbody.innerHTML = body!.html');
    expect(all).toContain('slot.innerHTML = body!.pagination');
  });
});
