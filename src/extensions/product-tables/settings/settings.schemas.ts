import { type Static, Type } from '@sinclair/typebox';
import {
  ColumnInputSchema,
  deepPartial,
  SourceSchema,
  TableSettingsSchema,
  TableStyleSchema,
} from '../config/table-config.schemas.js';

/** The extension's global settings (reference §2 keys that something reads; the unused ones are dropped). */
export const PluginSettingsSchema = Type.Object(
  {
    add_to_cart_text: Type.String({ minLength: 1, maxLength: 100 }),
    select_options_text: Type.String({ minLength: 1, maxLength: 100 }),
    logging_enabled: Type.Boolean(),
    render_cache_seconds: Type.Integer({
      minimum: 0,
      maximum: 300,
      description: 'Seconds a rendered table page is reused for identical requests (0 = never).',
    }),
    log_retention: Type.Integer({
      minimum: 1,
      maximum: 3650,
      description: 'Days an activity-log entry is kept.',
    }),
    table_defaults: Type.Object(
      {
        source: deepPartial(SourceSchema),
        columns: Type.Array(ColumnInputSchema, { maxItems: 40 }),
        settings: deepPartial(TableSettingsSchema),
        style: deepPartial(TableStyleSchema),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

/** A partial settings object as POSTed (deep-merged over the stored ones; `table_defaults.columns` replaces). */
export const PluginSettingsInputSchema = deepPartial(PluginSettingsSchema);

/** The global settings. */
export type PluginSettings = Static<typeof PluginSettingsSchema>;
/** A partial settings object as POSTed. */
export type PluginSettingsInput = Static<typeof PluginSettingsInputSchema>;
