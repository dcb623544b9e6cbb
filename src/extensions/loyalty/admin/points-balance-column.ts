import { fetchBalances } from './shop-panels-client.js';

/** The customers list's "Points balance" column: the balances of the page's customers in one call. */
export default fetchBalances;
