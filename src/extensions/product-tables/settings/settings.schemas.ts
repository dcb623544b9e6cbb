import { type Static, Type } from '@sinclair/typebox';
import {
  ColumnInputSchema,
  ColumnSchema,
  deepPartial,
  SourceSchema,
  TableSettingsSchema,
  TableStyleSchema,
} from '../config/table-config.schemas.js';

const PLUGIN_FIELDS = {
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
};

/** The extension's global settings (reference §2 keys that something reads; the unused ones are dropped). */
export const PluginSettingsSchema = Type.Object(
  {
    ...PLUGIN_FIELDS,
    table_defaults: Type.Object(
      {
        source: SourceSchema,
        columns: Type.Array(ColumnSchema, { maxItems: 40 }),
        settings: TableSettingsSchema,
        style: TableStyleSchema,
      },
      {
        additionalProperties: false,
        description:
          'What a new table starts from: the factory configuration with the stored changes over it.',
      },
    ),
  },
  { additionalProperties: false },
);

/** A partial settings object as POSTed (deep-merged over the stored ones; `table_defaults.columns` replaces). */
export const PluginSettingsInputSchema = deepPartial(
  Type.Object(
    {
      ...PLUGIN_FIELDS,
      table_defaults: Type.Object(
        {
          source: SourceSchema,
          columns: Type.Array(ColumnInputSchema, { maxItems: 40 }),
          settings: TableSettingsSchema,
          style: TableStyleSchema,
        },
        { additionalProperties: false },
      ),
    },
    { additionalProperties: false },
  ),
);

/** The global settings. */
export type PluginSettings = Static<typeof PluginSettingsSchema>;
/** A partial settings object as POSTed. */
export type PluginSettingsInput = Static<typeof PluginSettingsInputSchema>;
