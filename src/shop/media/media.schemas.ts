import { Type } from '@sinclair/typebox';
import { paginationQuery } from '../../platform/http/collection.js';

const Rendered = Type.Object({ rendered: Type.String() });
/** WordPress takes a text field as a string or as `{raw}`. */
const TextInput = (maxLength: number) =>
  Type.Union([
    Type.String({ maxLength }),
    Type.Object({ raw: Type.String({ maxLength }) }, { additionalProperties: false }),
  ]);

/** One file of an attachment in `media_details.sizes`. */
export const MediaSize = Type.Object({
  file: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  filesize: Type.Optional(Type.Integer()),
  mime_type: Type.String(),
  source_url: Type.String(),
});

/** An attachment in WordPress's `wp/v2/media` shape (view context). */
export const MediaResponse = Type.Object({
  id: Type.Integer(),
  date: Type.String(),
  date_gmt: Type.String(),
  modified: Type.String(),
  modified_gmt: Type.String(),
  slug: Type.String(),
  status: Type.Literal('inherit'),
  type: Type.Literal('attachment'),
  author: Type.Integer(),
  title: Rendered,
  caption: Rendered,
  alt_text: Type.String(),
  media_type: Type.String(),
  mime_type: Type.String(),
  media_details: Type.Object({
    width: Type.Integer(),
    height: Type.Integer(),
    file: Type.String(),
    filesize: Type.Integer(),
    sizes: Type.Record(Type.String(), MediaSize),
  }),
  source_url: Type.String(),
});

/** `GET /wp/v2/media`'s filters. */
export const MediaListQuery = Type.Object({
  ...paginationQuery(10),
  media_type: Type.Optional(
    Type.Union(['image', 'video', 'text', 'application', 'audio'].map((t) => Type.Literal(t))),
  ),
  mime_type: Type.Optional(Type.String({ maxLength: 100 })),
  search: Type.Optional(Type.String({ maxLength: 200 })),
});

/** An attachment's id in the path. */
export const MediaIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** The fields a client may change on an attachment. */
export const MediaUpdateBody = Type.Object({
  title: Type.Optional(TextInput(250)),
  alt_text: Type.Optional(Type.String({ maxLength: 1000 })),
  caption: Type.Optional(TextInput(5000)),
});

/** `DELETE /wp/v2/media/{id}`'s query. */
export const MediaDeleteQuery = Type.Object({ force: Type.Optional(Type.Boolean()) });

/** What a forced delete answers: WordPress's `{deleted, previous}`. */
export const MediaDeletedResponse = Type.Object({ deleted: Type.Boolean(), previous: MediaResponse });
