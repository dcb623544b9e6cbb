import type { Static } from '@sinclair/typebox';
import { withQuery } from '../../../admin/api.js';
import type { CustomerResponse } from '../../customers/customers.schemas.js';

/** A customer as `wc/v3/customers` returns it. */
export type Customer = Static<typeof CustomerResponse>;

/** The `wc/v3/customers` path of one list page. */
export function customersPath(search: string | undefined, page: number, perPage: number): string {
  return withQuery('/wc/v3/customers', {
    search,
    page,
    per_page: perPage,
    orderby: 'registered_date',
    order: 'desc',
  });
}

/** The path of one customer. */
export function customerPath(id: number): string {
  return `/wc/v3/customers/${id}`;
}

/** The customer's name, else their username. */
export function customerName(customer: Customer): string {
  return `${customer.first_name} ${customer.last_name}`.trim() || customer.username;
}
