import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { textArray, type DbOrTx } from '../../platform/db/index';
import { journals, ledgerAccounts, postings } from './ledger.tables';
import type { LedgerOwnerType, PostInput } from './ledger.model';

export interface OwnerKey {
  ownerType: LedgerOwnerType;
  ownerId: string;
}

export interface AccountKey extends OwnerKey {
  currency: string;
  kind: string;
}

const accountColumns = {
  id: ledgerAccounts.id,
  ownerType: ledgerAccounts.ownerType,
  ownerId: ledgerAccounts.ownerId,
  currency: ledgerAccounts.currency,
  kind: ledgerAccounts.kind,
  balance: ledgerAccounts.balance,
  allowNegative: ledgerAccounts.allowNegative,
  version: ledgerAccounts.version,
};
export type AccountRow = { id: bigint; ownerType: LedgerOwnerType; ownerId: string; currency: string; kind: string; balance: string; allowNegative: boolean; version: number };

const journalColumns = {
  id: journals.id,
  idempotencyKey: journals.idempotencyKey,
  type: journals.type,
  description: journals.description,
  ownerType: journals.ownerType,
  ownerId: journals.ownerId,
  businessRef: journals.businessRef,
  createdAt: journals.createdAt,
};
export type JournalRow = {
  id: bigint;
  idempotencyKey: string;
  type: string;
  description: string;
  ownerType: LedgerOwnerType | null;
  ownerId: string | null;
  businessRef: string | null;
  createdAt: Date;
};

function accountIs(key: AccountKey): SQL {
  return and(
    eq(ledgerAccounts.ownerType, key.ownerType),
    eq(ledgerAccounts.ownerId, key.ownerId),
    eq(ledgerAccounts.currency, key.currency),
    eq(ledgerAccounts.kind, key.kind),
  ) as SQL;
}

export async function findAccounts(db: DbOrTx, keys: readonly AccountKey[]): Promise<AccountRow[]> {
  if (keys.length === 0) return [];
  return db.select(accountColumns).from(ledgerAccounts).where(or(...keys.map(accountIs)));
}

/** Creates the account unless it exists; returns the new row, or undefined when it already existed. */
export async function insertAccountIfAbsent(
  db: DbOrTx,
  params: AccountKey & { allowNegative: boolean; createdAt: Date },
): Promise<AccountRow | undefined> {
  const [row] = await db
    .insert(ledgerAccounts)
    .values({
      ownerType: params.ownerType,
      ownerId: params.ownerId,
      currency: params.currency,
      kind: params.kind,
      allowNegative: params.allowNegative,
      createdAt: params.createdAt,
      updatedAt: params.createdAt,
    })
    .onConflictDoNothing({ target: [ledgerAccounts.ownerType, ledgerAccounts.ownerId, ledgerAccounts.currency, ledgerAccounts.kind] })
    .returning(accountColumns);
  return row;
}

/** Locks the rows in ascending id order, the one order every ledger writer uses, so two writers never deadlock. */
export async function lockAccounts(db: DbOrTx, ids: readonly bigint[]): Promise<AccountRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(accountColumns)
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, [...ids]))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
}

/** Locks existing accounts by their keys in ascending id order, in one query; absent ones are simply not returned. */
export async function lockAccountsByKeys(db: DbOrTx, keys: readonly AccountKey[]): Promise<AccountRow[]> {
  if (keys.length === 0) return [];
  const tuples = sql.join(
    keys.map((k) => sql`(${k.ownerType}, ${k.ownerId}, ${k.currency}, ${k.kind})`),
    sql`, `,
  );
  return db
    .select(accountColumns)
    .from(ledgerAccounts)
    .where(sql`(${ledgerAccounts.ownerType}, ${ledgerAccounts.ownerId}, ${ledgerAccounts.currency}, ${ledgerAccounts.kind}) in (${tuples})`)
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
}

/** Writes the new balance only over the version that was read; false means someone else wrote in between. */
export async function updateAccountBalance(db: DbOrTx, params: { id: bigint; version: number; balance: string; updatedAt: Date }): Promise<boolean> {
  const rows = await db
    .update(ledgerAccounts)
    .set({ balance: params.balance, version: sql`${ledgerAccounts.version} + 1`, updatedAt: params.updatedAt })
    .where(and(eq(ledgerAccounts.id, params.id), eq(ledgerAccounts.version, params.version)))
    .returning({ id: ledgerAccounts.id });
  return rows.length === 1;
}

export async function ownerAccounts(
  db: DbOrTx,
  params: OwnerKey & { kinds: readonly string[]; currency?: string | undefined },
): Promise<AccountRow[]> {
  return db
    .select(accountColumns)
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.ownerType, params.ownerType),
        eq(ledgerAccounts.ownerId, params.ownerId),
        inArray(ledgerAccounts.kind, [...params.kinds]),
        params.currency === undefined ? undefined : eq(ledgerAccounts.currency, params.currency),
      ),
    )
    .orderBy(asc(ledgerAccounts.currency), asc(ledgerAccounts.kind));
}

/**
 * Inserts the journal unless its idempotency key is taken. A concurrent writer of the same key
 * makes this wait for it to finish; undefined then means the key belongs to an existing journal.
 */
/** The journal row an event writes: its key, type and who initiated it, at `at`. */
export function journalRowOf(input: PostInput, at: Date): Omit<JournalRow, 'id'> {
  return {
    idempotencyKey: input.idempotencyKey,
    type: input.type,
    description: input.description ?? '',
    ownerType: input.initiator?.ownerType ?? null,
    ownerId: input.initiator?.ownerId ?? null,
    businessRef: input.businessRef ?? null,
    createdAt: at,
  };
}

export async function insertJournalIfAbsent(
  db: DbOrTx,
  params: Omit<JournalRow, 'id'>,
): Promise<JournalRow | undefined> {
  const [row] = await db
    .insert(journals)
    .values(params)
    .onConflictDoNothing({ target: journals.idempotencyKey })
    .returning(journalColumns);
  return row;
}

export async function findJournalByKey(db: DbOrTx, idempotencyKey: string): Promise<JournalRow | undefined> {
  const [row] = await db.select(journalColumns).from(journals).where(eq(journals.idempotencyKey, idempotencyKey)).limit(1);
  return row;
}

export interface PostingRow {
  id: bigint;
  accountId: bigint;
  ownerType: LedgerOwnerType;
  ownerId: string;
  currency: string;
  kind: string;
  amount: string;
  balanceAfter: string;
}

export async function insertPostings(
  db: DbOrTx,
  rows: readonly { journalId: bigint; accountId: bigint; amount: string; balanceAfter: string; createdAt: Date }[],
): Promise<bigint[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insert(postings).values([...rows]).returning({ id: postings.id });
  return inserted.map((r) => r.id);
}

export async function journalPostings(db: DbOrTx, journalId: bigint): Promise<PostingRow[]> {
  return db
    .select({
      id: postings.id,
      accountId: postings.accountId,
      ownerType: ledgerAccounts.ownerType,
      ownerId: ledgerAccounts.ownerId,
      currency: ledgerAccounts.currency,
      kind: ledgerAccounts.kind,
      amount: postings.amount,
      balanceAfter: postings.balanceAfter,
    })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(eq(postings.journalId, journalId))
    .orderBy(asc(postings.id));
}

export interface FlowFilter extends OwnerKey {
  kind: string;
  currency?: string | undefined;
  type?: string | undefined;
  /** Inclusive lower bound of createdAt. */
  from?: Date | undefined;
  /** Exclusive upper bound of createdAt. */
  until?: Date | undefined;
}

export interface FlowRow {
  id: bigint;
  journalId: bigint;
  type: string;
  description: string;
  businessRef: string | null;
  currency: string;
  amount: string;
  balanceAfter: string;
  createdAt: Date;
}

function flowWhere(filter: FlowFilter): SQL | undefined {
  return and(
    eq(ledgerAccounts.ownerType, filter.ownerType),
    eq(ledgerAccounts.ownerId, filter.ownerId),
    eq(ledgerAccounts.kind, filter.kind),
    filter.currency === undefined ? undefined : eq(ledgerAccounts.currency, filter.currency),
    filter.type === undefined ? undefined : eq(journals.type, filter.type),
    filter.from === undefined ? undefined : gte(postings.createdAt, filter.from),
    filter.until === undefined ? undefined : lt(postings.createdAt, filter.until),
  );
}

/** One page of an owner's postings on accounts of one kind, newest first. */
export async function flowPage(db: DbOrTx, filter: FlowFilter, page: { limit: number; offset: number }): Promise<FlowRow[]> {
  return db
    .select({
      id: postings.id,
      journalId: postings.journalId,
      type: journals.type,
      description: journals.description,
      businessRef: journals.businessRef,
      currency: ledgerAccounts.currency,
      amount: postings.amount,
      balanceAfter: postings.balanceAfter,
      createdAt: postings.createdAt,
    })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .innerJoin(journals, eq(journals.id, postings.journalId))
    .where(flowWhere(filter))
    .orderBy(desc(postings.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function flowCount(db: DbOrTx, filter: FlowFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .innerJoin(journals, eq(journals.id, postings.journalId))
    .where(flowWhere(filter));
  return Number(row?.n ?? 0);
}

// --- Verification: set-based checks in PostgreSQL numeric, which is exact. ---

/** Raw rows differ per driver (int8 as string, number or bigint), so every cell is read back as text. */
type TextRow = Record<string, string | null>;

async function textRows(db: DbOrTx, query: SQL): Promise<TextRow[]> {
  const result = (await db.execute(query)) as unknown as { rows: TextRow[] };
  return result.rows;
}

export async function ledgerCounts(db: DbOrTx): Promise<{ accounts: number; journals: number; postings: number }> {
  const [row] = await textRows(
    db,
    sql`select (select count(*) from ${ledgerAccounts})::text as accounts,
               (select count(*) from ${journals})::text as journals,
               (select count(*) from ${postings})::text as postings`,
  );
  return { accounts: Number(row?.accounts ?? 0), journals: Number(row?.journals ?? 0), postings: Number(row?.postings ?? 0) };
}

/** Accounts whose cached balance differs from the sum of their postings. */
export async function accountBalanceMismatches(db: DbOrTx, limit: number): Promise<TextRow[]> {
  return textRows(
    db,
    sql`select a.id::text as account_id, a.currency, coalesce(s.total, 0)::text as expected, a.balance::text as actual
        from ${ledgerAccounts} a
        left join (select account_id, sum(amount) as total from ${postings} group by account_id) s on s.account_id = a.id
        where a.balance <> coalesce(s.total, 0)
        order by a.id
        limit ${limit}`,
  );
}

/** Postings whose recorded balanceAfter differs from the running sum of the account's postings. */
export async function balanceAfterMismatches(db: DbOrTx, limit: number): Promise<TextRow[]> {
  return textRows(
    db,
    sql`select r.id::text as posting_id, r.account_id::text as account_id, r.journal_id::text as journal_id,
               r.currency, r.running::text as expected, r.balance_after::text as actual
        from (select p.id, p.account_id, p.journal_id, a.currency, p.balance_after,
                     sum(p.amount) over (partition by p.account_id order by p.id) as running
              from ${postings} p join ${ledgerAccounts} a on a.id = p.account_id) r
        where r.running <> r.balance_after
        order by r.id
        limit ${limit}`,
  );
}

/** (journal, currency) pairs whose postings do not sum to zero. */
export async function unbalancedJournals(db: DbOrTx, limit: number): Promise<TextRow[]> {
  return textRows(
    db,
    sql`select p.journal_id::text as journal_id, a.currency, sum(p.amount)::text as actual
        from ${postings} p join ${ledgerAccounts} a on a.id = p.account_id
        group by p.journal_id, a.currency
        having sum(p.amount) <> 0
        order by p.journal_id, a.currency
        limit ${limit}`,
  );
}

export async function emptyJournals(db: DbOrTx, limit: number): Promise<TextRow[]> {
  return textRows(
    db,
    sql`select j.id::text as journal_id from ${journals} j
        where not exists (select 1 from ${postings} p where p.journal_id = j.id)
        order by j.id
        limit ${limit}`,
  );
}

export async function negativeAccounts(db: DbOrTx, limit: number): Promise<TextRow[]> {
  return textRows(
    db,
    sql`select id::text as account_id, currency, balance::text as actual from ${ledgerAccounts}
        where balance < 0 and not allow_negative
        order by id
        limit ${limit}`,
  );
}

// --- Batched writes: a group of journals written with a handful of statements. ---
// Each column goes as one array parameter and is unnested by PostgreSQL: building and parsing
// such a statement costs the same for 10 rows as for 10,000.

const text = (values: readonly (string | null)[]) => sql`${textArray(values)}::text[]`;

/** Draws `n` ids from a table's id sequence in one round trip (ids of a failed write are simply skipped). */
export async function allocateIds(db: DbOrTx, table: 'journals', n: number): Promise<bigint[]> {
  if (n <= 0) return [];
  const result = (await db.execute(
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::text as id from generate_series(1, ${n})`,
  )) as unknown as { rows: { id: string }[] };
  return result.rows.map((row) => BigInt(row.id));
}

export interface JournalWrite {
  journals: readonly (JournalRow & { id: bigint })[];
  postings: readonly { journalId: bigint; accountId: bigint; amount: string; balanceAfter: string; createdAt: Date }[];
  balances: readonly { id: bigint; balance: string }[];
  updatedAt: Date;
}

/** Writes a batch's journals, their postings and the accounts' new balances in one statement. */
export async function writeJournals(db: DbOrTx, params: JournalWrite): Promise<void> {
  await db.execute(sql`with ${journalCtes(params)} select 1`);
}

/**
 * The same write as data-modifying CTEs (`new_journals`, `new_postings`, `new_balances`), for a
 * caller that writes its own rows in the same statement: one round trip for both.
 */
export function journalCtes(params: JournalWrite): SQL {
  const { journals: js, postings: ps, balances: bs } = params;
  return sql`
    new_journals as (
      insert into ${journals} (id, idempotency_key, type, description, owner_type, owner_id, business_ref, created_at)
      select * from unnest(
        ${text(js.map((r) => r.id.toString()))}::bigint[], ${text(js.map((r) => r.idempotencyKey))}, ${text(js.map((r) => r.type))},
        ${text(js.map((r) => r.description))}, ${text(js.map((r) => r.ownerType))}, ${text(js.map((r) => r.ownerId))},
        ${text(js.map((r) => r.businessRef))}, ${text(js.map((r) => r.createdAt.toISOString()))}::timestamptz[])
    ), new_postings as (
      insert into ${postings} (journal_id, account_id, amount, balance_after, created_at)
      select * from unnest(
        ${text(ps.map((r) => r.journalId.toString()))}::bigint[], ${text(ps.map((r) => r.accountId.toString()))}::bigint[],
        ${text(ps.map((r) => r.amount))}::numeric[], ${text(ps.map((r) => r.balanceAfter))}::numeric[],
        ${text(ps.map((r) => r.createdAt.toISOString()))}::timestamptz[])
    ), new_balances as (
      update ${ledgerAccounts} as a
         set balance = v.balance, version = a.version + 1, updated_at = ${params.updatedAt.toISOString()}
        from unnest(${text(bs.map((r) => r.id.toString()))}::bigint[], ${text(bs.map((r) => r.balance))}::numeric[]) as v(id, balance)
       where a.id = v.id
    )`;
}
