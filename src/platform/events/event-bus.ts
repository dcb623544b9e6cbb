import type { DbOrTrx } from '../db/database.js';

/**
 * The typed event map. Modules add their events by declaration merging:
 * `declare module '../../platform/events/event-bus.js' { interface StoresideEvents { 'order.created': {...} } }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in each module
export interface StoresideEvents {}

/** Name of an event. */
export type EventName = keyof StoresideEvents & string;
/** What every handler receives besides the payload: the database handle to use (the emitter's transaction, if any). */
export interface EventContext {
  db: DbOrTrx;
}
/** A handler; a throw propagates to the emitter (so a handler can refuse, e.g. a checkout). */
export type EventHandler<E extends EventName> = (
  payload: StoresideEvents[E],
  context: EventContext,
) => unknown | Promise<unknown>;

/** Synchronous in-process hooks, run in registration order inside the emitter's transaction. */
export class EventBus {
  private readonly handlers = new Map<string, Array<EventHandler<any>>>();

  constructor(private readonly defaultDb: DbOrTrx) {}

  /** Subscribes to an event; returns a function that unsubscribes. */
  on<E extends EventName>(event: E, handler: EventHandler<E>): () => void {
    const list = this.handlers.get(event) ?? [];
    list.push(handler);
    this.handlers.set(event, list);
    return () => {
      const current = this.handlers.get(event) ?? [];
      this.handlers.set(
        event,
        current.filter((h) => h !== handler),
      );
    };
  }

  /** Runs every handler in order and waits for each; pass `db` to run them inside a transaction. */
  async emit<E extends EventName>(
    event: E,
    payload: StoresideEvents[E],
    db: DbOrTrx = this.defaultDb,
  ): Promise<void> {
    for (const handler of this.handlers.get(event) ?? []) await handler(payload, { db });
  }

  /** True when someone listens to `event`. */
  has(event: EventName): boolean {
    return (this.handlers.get(event)?.length ?? 0) > 0;
  }
}
