/**
 * The shop's public API for extensions: the only door into `shop/` besides events.
 * Extensions import types and call these functions through `ctx.shop`; they never touch shop tables.
 */
// biome-ignore lint/suspicious/noEmptyInterface: grows as the shop core lands (issue 3)
export interface ShopApi {}
