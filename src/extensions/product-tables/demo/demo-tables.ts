import type { ExtensionContext } from '../../define-extension.js';
import type { TableConfigInput } from '../config/table-config.schemas.js';
import { systemActor } from '../logs/activity-actor.js';
import { listTables } from '../tables/tables.repository.js';
import { permalinkOf, saveTable } from '../tables/tables.service.js';

/** The two tables `storeside demo` creates (by title, so a second run changes nothing). */
export function demoTableConfigs(): TableConfigInput[] {
  return [
    {
      title: 'Demo: full catalog',
      status: 'publish',
      source: { type: 'all', sort: { orderBy: 'title', order: 'ASC' } },
      columns: [
        { id: 'image', type: 'image', heading: 'Image', advanced: { width: { value: 80, unit: 'px' } } },
        { id: 'name', type: 'name', heading: 'Product' },
        { id: 'sku', type: 'sku', heading: 'SKU', advanced: { visibility: 'not-mobile' } },
        { id: 'category', type: 'tax', heading: 'Category', settings: { linkToArchive: true } },
        { id: 'stock', type: 'stock', heading: 'Stock' },
        { id: 'rating', type: 'rating', heading: 'Rating', advanced: { visibility: 'desktop' } },
        { id: 'price', type: 'price', heading: 'Price' },
        { id: 'buy', type: 'button', heading: 'Buy' },
      ],
      settings: { pagination: { limit: 10, position: 'both' } },
    },
    {
      title: 'Demo: on sale',
      status: 'publish',
      source: {
        type: 'sale',
        queryArgs: { stockStatus: 'instock' },
        sort: { orderBy: 'price', order: 'ASC' },
      },
      columns: [
        { id: 'name', type: 'name', heading: 'Deal' },
        { id: 'summary', type: 'summary', heading: 'Details', settings: { wordLimit: 12 } },
        { id: 'price', type: 'price', heading: 'Price' },
        { id: 'buy', type: 'button', heading: '', advanced: { showHeading: false } },
      ],
      settings: {
        pagination: { limit: 5, mode: 'load_more' },
        features: { bulkSelect: { position: 'first' } },
      },
      style: {
        header: { bgColor: '#1e293b', textColor: '#f8fafc' },
        button: { bgColor: '#dc2626', hoverBgColor: '#b91c1c' },
        typography: { headerTextTransform: 'normal-case' },
      },
    },
  ];
}

/** Creates the demo tables that do not exist yet and prints where to see them. */
export async function seedDemoTables(ctx: ExtensionContext, print: (line: string) => void): Promise<void> {
  const existing = new Map((await listTables(ctx.db)).map((t) => [t.title, t.id]));
  for (const config of demoTableConfigs()) {
    let id = existing.get(config.title!);
    if (id === undefined) id = (await saveTable(ctx, config, systemActor('cli'))).record.id;
    print(
      `Product table "${config.title}": ${permalinkOf(ctx.config.publicUrl, id)} (shortcode [producttables id="${id}"])`,
    );
  }
}
