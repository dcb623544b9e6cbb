import type { ExtensionContext } from '../../define-extension.js';
import { findSeededUsers, insertSeedUsers } from '../../../platform/auth/user-seeding.service.js';
import { toDbTime } from '../../../platform/db/sql-helpers.js';
import { hashPassword } from '../../../platform/security/hashing.js';
import type { NewLedgerRow, ReferenceType, TransactionType } from '../ledger/points-ledger.repository.js';
import {
  bulkInsertAccounts,
  bulkInsertCounts,
  bulkInsertEntries,
  countLedgerRows,
} from './loyalty-bench.repository.js';

/** The password of every generated bench customer. */
export const BENCH_CUSTOMER_PASSWORD = 'loyalty-bench-password';
const PREFIX = 'loyalty-bench-';
const CREDIT_TYPES: ReferenceType[] = [
  'order',
  'order',
  'order',
  'registration',
  'review',
  'referral',
  'admin',
];
const DEBIT_TYPES: ReferenceType[] = ['order', 'order', 'admin', 'refund', 'expiry'];

/**
 * Fills the ledger with `entries` rows over `customers` customers spread across the last 365 days, computing
 * balances, FIFO lots and counters in memory and writing everything in batched multi-row inserts.
 * Does nothing when the ledger already holds entries (so benchmark set-ups can call it every run).
 */
export async function seedBenchLedger(
  ctx: ExtensionContext,
  input: { entries: number; customers: number; print: (line: string) => void },
): Promise<void> {
  const existing = await countLedgerRows(ctx.db);
  if (existing > 0) {
    input.print(`The ledger already holds ${existing} entries; nothing seeded.`);
    return;
  }
  const started = Date.now();
  const userIds = await ensureCustomers(ctx, input.customers);
  const now = ctx.clock.now().getTime();
  const span = 365 * 24 * 3600 * 1000;
  const random = mulberry32(42);
  const balances = new Map<number, number>(userIds.map((id) => [id, 0]));
  const lots = new Map<number, number[]>(userIds.map((id) => [id, []]));
  const amounts = new Int32Array(input.entries);
  const remaining = new Int32Array(input.entries);
  const users = new Int32Array(input.entries);
  const types: TransactionType[] = new Array(input.entries);
  const refs: ReferenceType[] = new Array(input.entries);
  const after = new Int32Array(input.entries);
  for (let i = 0; i < input.entries; i++) {
    const user = userIds[Math.floor(random() * userIds.length)]!;
    const balance = balances.get(user)!;
    const amount = (1 + Math.floor(random() * 500)) * 100;
    const debit = random() < 0.3 && balance >= amount;
    users[i] = user;
    amounts[i] = amount;
    types[i] = debit ? 'debit' : 'credit';
    refs[i] = debit
      ? DEBIT_TYPES[Math.floor(random() * DEBIT_TYPES.length)]!
      : CREDIT_TYPES[Math.floor(random() * CREDIT_TYPES.length)]!;
    const open = lots.get(user)!;
    if (debit) {
      let left = amount;
      while (left > 0 && open.length > 0) {
        const lot = open[0]!;
        const take = Math.min(left, remaining[lot]!);
        remaining[lot] = remaining[lot]! - take;
        left -= take;
        if (remaining[lot] === 0) open.shift();
      }
    } else {
      remaining[i] = amount;
      open.push(i);
    }
    after[i] = balance + (debit ? -amount : amount);
    balances.set(user, after[i]!);
  }

  const counts = new Map<string, number>();
  const bump = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  const BATCH = 20_000;
  let batch: NewLedgerRow[] = [];
  for (let i = 0; i < input.entries; i++) {
    const createdAt = toDbTime(new Date(now - span + Math.floor((span * i) / input.entries)));
    const day = createdAt.slice(0, 10);
    const tt = types[i]!;
    const rt = refs[i]!;
    for (const key of [`${users[i]}|${day}`, `${users[i]}|*`, `0|${day}`, '0|*']) bump(`${key}|${tt}|${rt}`);
    batch.push({
      user_id: users[i]!,
      transaction_type: tt,
      amount: amounts[i]!,
      reference_type: rt,
      reference_id: rt === 'admin' ? 1 : i + 1,
      description: tt === 'credit' ? `Bench credit #${i + 1}` : `Bench debit #${i + 1}`,
      expires_at: null,
      remaining: remaining[i]!,
      balance_after: after[i]!,
      idempotency_key: null,
      created_at: createdAt,
    });
    if (batch.length === BATCH || i === input.entries - 1) {
      await bulkInsertEntries(ctx.db, batch);
      batch = [];
      if ((i + 1) % 100_000 === 0) input.print(`${i + 1} entries…`);
    }
  }
  await bulkInsertCounts(
    ctx.db,
    [...counts].map(([key, n]) => {
      const [user, day, tt, rt] = key.split('|');
      return {
        user_id: Number(user),
        day: day!,
        transaction_type: tt as TransactionType,
        reference_type: rt as ReferenceType,
        n,
      };
    }),
  );
  const stamp = toDbTime(new Date(now));
  await bulkInsertAccounts(
    ctx.db,
    [...balances].map(([user_id, balance]) => ({
      user_id,
      balance,
      tier: '',
      referral_code: null,
      referred_by: null,
      updated_at: stamp,
    })),
  );
  input.print(
    `Seeded ${input.entries} ledger entries over ${userIds.length} customers in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
}

async function ensureCustomers(ctx: ExtensionContext, count: number): Promise<number[]> {
  const found = await findSeededUsers(ctx.db, PREFIX);
  if (found.length < count) {
    const hash = await hashPassword(BENCH_CUSTOMER_PASSWORD);
    const have = new Set(found.map((u) => u.username));
    const createdAt = toDbTime(ctx.clock.now());
    const rows = [];
    for (let i = 1; i <= count; i++) {
      const username = `${PREFIX}${i}`;
      if (have.has(username)) continue;
      rows.push({
        username,
        email: `${username}@bench.invalid`,
        display_name: `Bench Customer ${i}`,
        first_name: 'Bench',
        last_name: `Customer ${i}`,
        password_hash: hash,
        role: 'customer',
        created_at: createdAt,
      });
    }
    await insertSeedUsers(ctx.db, rows);
  }
  return (await findSeededUsers(ctx.db, PREFIX)).slice(0, count).map((u) => u.id);
}

// A small seeded generator so every run produces the same data set.
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
