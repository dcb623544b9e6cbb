import { type Static, Type } from '@sinclair/typebox';
import {
  ColumnSchema,
  SourceSchema,
  TableConfigInputSchema,
  TableConfigSchema,
  TableSettingsSchema,
  TableStyleSchema,
} from '../config/table-config.schemas.js';

const Timestamp = Type.String({ description: '`YYYY-MM-DDTHH:MM:SS` (UTC)' });

/** An item of `GET /tables`. */
export const TableSummarySchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  status: TableConfigSchema.properties.status,
  source: SourceSchema,
  shortcode: Type.String({ description: '`[producttables id="<id>"]`' }),
  created: Timestamp,
  modified: Timestamp,
  product_count: Type.Integer({ description: 'Published products the source matches.' }),
});

/** `GET /tables/{id}`: the summary plus the whole configuration and the public page. */
export const TableRecordSchema = Type.Object({
  ...TableSummarySchema.properties,
  permalink: Type.String(),
  columns: Type.Array(ColumnSchema),
  settings: TableSettingsSchema,
  style: TableStyleSchema,
});

/** `{id}` path parameter. */
export const TableIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/**
 * Read-only fields of a table record (ours and the original plugin's, reference §1.1) that a client may send back
 * with a whole record (the original admin's publish toggle posts the full table); they are accepted and ignored.
 */
const ReadOnlyRecordFields = {
  shortcode: Type.Optional(Type.String({ maxLength: 200, readOnly: true })),
  permalink: Type.Optional(Type.String({ maxLength: 2000, readOnly: true })),
  created: Type.Optional(Type.String({ maxLength: 40, readOnly: true })),
  modified: Type.Optional(Type.String({ maxLength: 40, readOnly: true })),
  product_count: Type.Optional(Type.Integer({ readOnly: true })),
  date: Type.Optional(Type.String({ maxLength: 40, readOnly: true })),
  modifiedDate: Type.Optional(Type.String({ maxLength: 40, readOnly: true })),
  productCount: Type.Optional(Type.Integer({ readOnly: true })),
};

/** Names of the read-only record fields `POST /tables` ignores. */
export const READ_ONLY_RECORD_FIELDS: readonly string[] = Object.keys(ReadOnlyRecordFields);

/** `POST /tables` body: `data.id` absent creates, present updates that table. */
export const SaveTableBody = Type.Object(
  {
    data: Type.Object(
      {
        id: Type.Optional(Type.Integer({ minimum: 1 })),
        ...TableConfigInputSchema.properties,
        ...ReadOnlyRecordFields,
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

/** `DELETE /tables/{id}` reply. */
export const DeletedTableSchema = Type.Object({ deleted: Type.Literal(true), previous: TableRecordSchema });

/** `data` of `POST /tables` (the schema's static type; the route provider cannot see through `Type.Unsafe`). */
export type SaveTableInput = Static<typeof SaveTableBody>['data'];
