import { api } from '../../../admin/api.js';
import type { DemoFilled } from '../../demo/demo.schemas.js';

/** Where the demo offer is read (whether the shop may be filled with the demo data) and taken up. */
export const DEMO_PATH = '/shop/v1/demo';

/** Fills the empty shop with the demo data, once (`POST /shop/v1/demo`). */
export function fillWithDemo(): Promise<DemoFilled> {
  return api({ path: DEMO_PATH, method: 'POST' });
}
