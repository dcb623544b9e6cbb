import type { Compilable, CompiledQuery, DialectAdapter, Kysely, QueryResult } from 'kysely';
import { type DbOrTrx, preparedOnPostgres, type Tables } from './database.js';
import { isPostgres } from './engine.js';

/** The `index`-th value of a shaped query (typed `never` so it fits any column). */
export type Placeholder = (index: number) => never;

/** A query compiled once per shape and engine, then run with new values. */
export interface ShapedQuery<Row, Shape extends string | number> {
  /** Runs the query of `shape` with `values` in placeholder order (inside `db`'s transaction when it is one). */
  execute(db: DbOrTrx, values: readonly unknown[], shape: Shape): Promise<QueryResult<Row>>;
}

/**
 * A hot-path query whose SQL depends only on its shape (e.g. the number of rows inserted), never on its
 * values. `build` writes the query with `p(i)` wherever value `i` goes; it runs once per shape and engine,
 * then every call sends the compiled SQL with the new values, skipping Kysely's building and compiling.
 * Every placeholder must become a bound parameter: a value Kysely would inline, or a shape that reads
 * values (not placeholders) to decide its SQL, is refused when the shape is compiled. With `prepared`, PostgreSQL
 * also keeps each shape prepared on every connection (for a statement whose parsing and planning cost more than
 * running it, such as a multi-row insert of several parts).
 */
export function shapedQuery<Row, Shape extends string | number = 0>(
  build: (db: Kysely<Tables>, p: Placeholder, shape: Shape) => Compilable<Row>,
  options: { prepared?: boolean } = {},
): ShapedQuery<Row, Shape> {
  const byAdapter = new WeakMap<DialectAdapter, Map<Shape, CompiledShape<Row>>>();
  return {
    execute(db, values, shape) {
      const adapter = db.getExecutor().adapter;
      let shapes = byAdapter.get(adapter);
      if (!shapes) {
        shapes = new Map();
        byAdapter.set(adapter, shapes);
      }
      let compiled = shapes.get(shape);
      if (!compiled) {
        compiled = compileShape(db as Kysely<Tables>, build, shape);
        if (options.prepared && isPostgres(db)) preparedOnPostgres(compiled.query.sql);
        shapes.set(shape, compiled);
      }
      if (values.length !== compiled.arity) {
        throw new Error(`Shaped query expects ${compiled.arity} values, got ${values.length}`);
      }
      const parameters = compiled.slots.map((slot) => (slot < 0 ? compiled.fixed[-slot - 1] : values[slot]));
      return db.executeQuery<Row>({ ...compiled.query, parameters });
    },
  };
}

interface CompiledShape<Row> {
  query: CompiledQuery<Row>;
  /** Per bound parameter: the index of the value it takes, or -(1 + index into `fixed`) for a constant. */
  slots: number[];
  fixed: unknown[];
  arity: number;
}

class Slot {
  constructor(readonly index: number) {}
}

function compileShape<Row, Shape>(
  db: Kysely<Tables>,
  build: (db: Kysely<Tables>, p: Placeholder, shape: Shape) => Compilable<Row>,
  shape: Shape,
): CompiledShape<Row> {
  let arity = 0;
  const p = ((index: number) => {
    arity = Math.max(arity, index + 1);
    return new Slot(index) as never;
  }) as Placeholder;
  const query = build(db, p, shape).compile();
  const fixed: unknown[] = [];
  const seen = new Set<number>();
  const slots = query.parameters.map((parameter) => {
    if (parameter instanceof Slot) {
      seen.add(parameter.index);
      return parameter.index;
    }
    fixed.push(parameter);
    return -fixed.length;
  });
  for (let index = 0; index < arity; index++) {
    if (!seen.has(index)) throw new Error(`Shaped query placeholder ${index} is not a bound parameter`);
  }
  return { query, slots, fixed, arity };
}

/**
 * Splits the values of an `in (…)` list into chunks of at most `max`, each padded to a power of two by
 * repeating its last value (harmless in `in`), so a handful of compiled shapes serve every list length.
 */
export function inListChunks<T>(values: readonly T[], max = 512): Array<{ values: T[]; shape: number }> {
  const unique = [...new Set(values)];
  const chunks: Array<{ values: T[]; shape: number }> = [];
  for (let start = 0; start < unique.length; start += max) {
    const chunk = unique.slice(start, start + max);
    const shape = 2 ** Math.ceil(Math.log2(chunk.length));
    chunks.push({
      values: Array.from({ length: shape }, (_, i) => chunk[Math.min(i, chunk.length - 1)]!),
      shape,
    });
  }
  return chunks;
}
