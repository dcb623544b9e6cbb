import { createHash } from 'node:crypto';

/** The URL path of a demo product's generated image (served by the demo part, no internet needed). */
export function demoImagePath(slug: string): string {
  return `/assets/demo/${slug}.svg`;
}

const PALETTES = [
  ['#fde68a', '#b45309'],
  ['#bfdbfe', '#1d4ed8'],
  ['#bbf7d0', '#15803d'],
  ['#fecaca', '#b91c1c'],
  ['#ddd6fe', '#6d28d9'],
  ['#fbcfe8', '#be185d'],
  ['#a5f3fc', '#0e7490'],
  ['#e5e7eb', '#374151'],
];

/**
 * A square SVG for a demo product: a soft background and shapes whose colours and layout follow the slug's hash,
 * with the product's initials. The slug is `[a-z0-9-]` (checked by the route), so nothing in it needs escaping.
 */
export function demoImageSvg(slug: string): string {
  const hash = createHash('sha256').update(slug).digest();
  const [light, dark] = PALETTES[hash[0]! % PALETTES.length]!;
  const initials = slug
    .split('-')
    .filter((word) => /^[a-z]/.test(word))
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  const r = 90 + (hash[1]! % 60);
  const cx = 200 + (hash[2]! % 200);
  const cy = 200 + (hash[3]! % 200);
  const angle = hash[4]! % 90;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600"><rect width="600" height="600" fill="${light}"/><circle cx="${cx}" cy="${cy}" r="${r}" fill="${dark}" opacity="0.18"/><rect x="170" y="170" width="260" height="260" rx="36" fill="${dark}" opacity="0.85" transform="rotate(${angle} 300 300)"/><text x="300" y="330" font-family="system-ui, sans-serif" font-size="96" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
}
