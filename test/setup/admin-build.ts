import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error plain JavaScript module shared with bin/storeside.js
import { buildAdminIfStale } from '../../bin/admin-build.js';

/** Vitest global setup: the browser tests drive the built admin app, so build it first when it is stale. */
export default function setup(): void {
  buildAdminIfStale(join(dirname(fileURLToPath(import.meta.url)), '../..'));
}
