/**
 * The cache topic of the cart-recovery data that analytics are made of: sessions, their events and their
 * notifications. Every write of those rows bumps it in its repository, inside the writing transaction.
 */
export const SESSIONS_TOPIC = 'cartrecovery.sessions';
