import { Type } from '@sinclair/typebox';
import { paginationQuery } from '../../platform/http/collection.js';

const Str = Type.String();
const Int = Type.Integer();
const Status = Type.Union([
  Type.Literal('approved'),
  Type.Literal('hold'),
  Type.Literal('spam'),
  Type.Literal('trash'),
]);
const Rating = Type.Integer({ minimum: 1, maximum: 5 });
const Avatars = Type.Object({ '24': Str, '48': Str, '96': Str });

/** Body of `POST /wc/v3/products/reviews`. */
export const ReviewCreateBody = Type.Object({
  product_id: Type.Integer({ minimum: 1 }),
  review: Type.String({ minLength: 1, maxLength: 10000 }),
  reviewer: Type.String({ minLength: 1, maxLength: 200 }),
  reviewer_email: Type.String({ minLength: 3, maxLength: 320 }),
  rating: Rating,
  status: Type.Optional(Status),
});

/** Body of `PUT /wc/v3/products/reviews/{id}`. */
export const ReviewUpdateBody = Type.Object({
  review: Type.Optional(Type.String({ minLength: 1, maxLength: 10000 })),
  reviewer: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  reviewer_email: Type.Optional(Type.String({ minLength: 3, maxLength: 320 })),
  rating: Type.Optional(Rating),
  status: Type.Optional(Status),
});

/** Query of `GET /wc/v3/products/reviews`. */
export const ReviewListQuery = Type.Object({
  ...paginationQuery(10),
  status: Type.Optional(Type.Union([Status, Type.Literal('all')])),
  product: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }))),
  reviewer_email: Type.Optional(Str),
  search: Type.Optional(Str),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
});

/** A review as `wc/v3` shows it. */
export const ReviewResponse = Type.Object({
  id: Int,
  date_created: Str,
  date_created_gmt: Str,
  product_id: Int,
  product_name: Str,
  product_permalink: Str,
  status: Str,
  reviewer: Str,
  reviewer_email: Str,
  review: Str,
  rating: Int,
  verified: Type.Boolean(),
  reviewer_avatar_urls: Avatars,
});

/** `DELETE …?force=true` answer (WordPress: the deleted object as `previous`). */
export const ReviewDeletedResponse = Type.Object({ deleted: Type.Boolean(), previous: ReviewResponse });

/** Body of `POST /wc/store/v1/products/reviews` (the reviewer is the logged-in user). */
export const StoreReviewBody = Type.Object({
  product_id: Type.Integer({ minimum: 1 }),
  review: Type.String({ minLength: 1, maxLength: 10000 }),
  rating: Rating,
});

/** Query of `GET /wc/store/v1/products/reviews`. */
export const StoreReviewListQuery = Type.Object({
  ...paginationQuery(10),
  product_id: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }))),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
});

/** A review as the Store API shows it (no e-mail). */
export const StoreReviewResponse = Type.Object({
  id: Int,
  date_created: Str,
  formatted_date_created: Str,
  date_created_gmt: Str,
  product_id: Int,
  product_name: Str,
  product_permalink: Str,
  product_image: Type.Null(),
  reviewer: Str,
  review: Str,
  rating: Int,
  verified: Type.Boolean(),
  status: Str,
  reviewer_avatar_urls: Avatars,
});

/** `{id}` path parameter. */
export const ReviewIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
/** `?force=` of DELETE. */
export const ReviewForceQuery = Type.Object({ force: Type.Optional(Type.Boolean()) });
