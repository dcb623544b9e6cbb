import { api } from '../../../admin/api.js';
import type { DemoFilled, DemoOffer } from '../../demo/demo.schemas.js';

/** Whether the shop may be filled with the demo data (`GET /shop/v1/demo`). */
export function fetchDemoOffer(): Promise<DemoOffer> {
  return api({ path: '/shop/v1/demo' });
}

/** Fills the empty shop with the demo data, once (`POST /shop/v1/demo`). */
export function fillWithDemo(): Promise<DemoFilled> {
  return api({ path: '/shop/v1/demo', method: 'POST' });
}
