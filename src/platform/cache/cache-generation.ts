/**
 * Counts the invalidations of one cache or of a group of caches cleared together. A value read after `stamp()`
 * is stored only while `holds(stamp)`: an answer read across an invalidation (a change committed while the read
 * was in flight) is dropped instead of being stored after it.
 */
export class CacheGeneration {
  private current = 0;

  /** The generation now: take it before the read whose answer will be stored. */
  stamp(): number {
    return this.current;
  }

  /** True while nothing was invalidated since `stamp` was taken. */
  holds(stamp: number): boolean {
    return stamp === this.current;
  }

  /** Marks every read begun before now as stale. */
  advance(): void {
    this.current++;
  }
}
