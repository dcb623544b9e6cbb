// The product tables' storefront script (no dependencies): debounced search, filters, pagination and "load more"
// through the public render endpoint; add to cart (single and bulk) through the Store API. Every string from the
// page or the server that it puts into the DOM goes through `textContent`, except the server-rendered rows and
// pagination.

import { ProductTable } from './product-table/product-table.js';

type Wrapper = HTMLElement & { __producttables?: ProductTable };

function init(): void {
  for (const wrapper of document.querySelectorAll<Wrapper>('.producttables-wrapper[data-render-url]'))
    if (!wrapper.__producttables) wrapper.__producttables = new ProductTable(wrapper);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
else init();
