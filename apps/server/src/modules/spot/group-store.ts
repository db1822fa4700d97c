import type { DbOrTx } from '../../platform/db/index';
import type { JournalBatch } from '../ledger/index';
import type { LeaseFence } from './market-ownership';
import * as repo from './spot.repo';

type NewOrder = Omit<repo.OrderRow, 'id'>;
type NewTrade = Omit<repo.TradeRow, 'id'>;

/** Ids drawn from the tables' sequences a block at a time, so a new order or trade costs no round trip. */
export class IdPool {
  private readonly free: Record<'spot_orders' | 'spot_trades', number[]> = { spot_orders: [], spot_trades: [] };

  constructor(private readonly blockSize = 512) {}

  async next(db: DbOrTx, table: 'spot_orders' | 'spot_trades'): Promise<number> {
    const free = this.free[table];
    if (free.length === 0) free.push(...(await repo.allocateIds(db, table, this.blockSize)));
    return free.shift()!;
  }
}

/**
 * Everything one group of commands on a market writes, kept in memory until the group commits:
 * journals (through the ledger's batch), new and changed orders, and trades. Commands read their
 * own writes; resting orders come from the market's open-order cache, anything else from the
 * database. `flush` writes it all, journals included, with one statement.
 */
export class GroupStore {
  private readonly inserted = new Map<number, repo.OrderRow>();
  private readonly changed = new Map<number, repo.OrderRow>();
  private readonly trades: repo.TradeRow[] = [];
  /** The trading gate's refusals for the group's users, read once for the whole group. */
  refusals = new Map<number, Error>();

  constructor(
    readonly tx: DbOrTx,
    readonly journals: JournalBatch,
    private readonly ids: IdPool,
    /** The market's resting orders by id (the same objects the book's orders came from). */
    private readonly open: Map<number, repo.OrderRow>,
  ) {}

  nextOrderId(): Promise<number> {
    return this.ids.next(this.tx, 'spot_orders');
  }

  /** A new order with an id from `nextOrderId`; written at the flush in its final state. */
  addOrder(id: number, row: NewOrder): repo.OrderRow {
    const order = { ...row, id };
    this.inserted.set(id, order);
    return order;
  }

  /** An order of this user with this client id placed earlier in the same group. */
  findByClientId(userId: number, clientOrderId: string): repo.OrderRow | undefined {
    for (const order of this.inserted.values()) if (order.userId === userId && order.clientOrderId === clientOrderId) return order;
    return undefined;
  }

  async findOrder(id: number): Promise<repo.OrderRow | undefined> {
    const known = this.inserted.get(id) ?? this.changed.get(id) ?? this.open.get(id);
    if (known) return known;
    return repo.findOrder(this.tx, id);
  }

  /** Marks an order (changed in place) to be written at the flush. */
  touch(order: repo.OrderRow): void {
    if (!this.inserted.has(order.id)) this.changed.set(order.id, order);
  }

  async addTrade(row: NewTrade): Promise<repo.TradeRow> {
    const trade = { ...row, id: await this.ids.next(this.tx, 'spot_trades') };
    this.trades.push(trade);
    return trade;
  }

  /** Every order the group wrote, in their final state. */
  orders(): repo.OrderRow[] {
    return [...this.inserted.values(), ...this.changed.values()];
  }

  /** Writes the group; false when the fence found the market's lease gone (the caller rolls back). */
  async flush(fence?: LeaseFence): Promise<boolean> {
    const journals = await this.journals.statement();
    return repo.writeGroup(this.tx, { inserted: [...this.inserted.values()], changed: [...this.changed.values()], trades: this.trades }, journals, fence);
  }
}
