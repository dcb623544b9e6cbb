import { createHash } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import { toIsoNoZone } from '../../platform/db/sql-helpers.js';
import type { ReviewResponse, StoreReviewResponse } from './reviews.schemas.js';
import type { ReviewRow } from './reviews.repository.js';

/** A review in `wc/v3` shape. */
export function wcReviewView(row: ReviewRow, publicUrl: string): Static<typeof ReviewResponse> {
  const date = toIsoNoZone(row.date_created) ?? '';
  return {
    id: row.id,
    date_created: date,
    date_created_gmt: date,
    product_id: row.product_id,
    product_name: row.product_name,
    product_permalink: `${publicUrl}/product/${row.product_slug}/`,
    status: row.status,
    reviewer: row.reviewer,
    reviewer_email: row.reviewer_email,
    review: row.review,
    rating: row.rating,
    verified: row.verified === 1,
    reviewer_avatar_urls: avatars(row.reviewer_email),
  };
}

/** A review in Store API shape (no e-mail address). */
export function storeReviewView(row: ReviewRow, publicUrl: string): Static<typeof StoreReviewResponse> {
  const { reviewer_email: _email, date_created_gmt, ...wc } = wcReviewView(row, publicUrl);
  const created = new Date(`${row.date_created.replace(' ', 'T')}Z`);
  return {
    ...wc,
    date_created_gmt,
    formatted_date_created: created.toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }),
    product_image: null,
  };
}

function avatars(email: string): { '24': string; '48': string; '96': string } {
  const hash = createHash('md5').update(email.trim().toLowerCase()).digest('hex');
  const url = (size: number) => `https://secure.gravatar.com/avatar/${hash}?s=${size}&d=mm&r=g`;
  return { '24': url(24), '48': url(48), '96': url(96) };
}
