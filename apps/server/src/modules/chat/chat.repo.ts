import { and, count, desc, eq, gt, gte, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { ChatDepartment, ChatStatus, ChatTicketStatus } from '@tp/contract';
import type { DbOrTx } from '../../platform/db/index';
import { chatCannedReplies, chatConversations, chatMessages, chatPresence, chatTickets } from './chat.tables';

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type CannedRow = typeof chatCannedReplies.$inferSelect;
export type TicketRow = typeof chatTickets.$inferSelect;

export async function insertConversation(db: DbOrTx, row: typeof chatConversations.$inferInsert): Promise<ConversationRow> {
  const [created] = await db.insert(chatConversations).values(row).returning();
  return created!;
}

export async function conversationById(db: DbOrTx, id: number, lock = false): Promise<ConversationRow | undefined> {
  const query = db.select().from(chatConversations).where(eq(chatConversations.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateConversation(db: DbOrTx, id: number, patch: Partial<typeof chatConversations.$inferInsert>): Promise<void> {
  await db.update(chatConversations).set(patch).where(eq(chatConversations.id, id));
}

export async function queue(db: DbOrTx, department: ChatDepartment): Promise<ConversationRow[]> {
  return db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.department, department), inArray(chatConversations.status, ['W', 'O'] satisfies ChatStatus[])))
    .orderBy(chatConversations.id)
    .limit(200);
}

export async function history(db: DbOrTx, q: { department?: ChatDepartment | undefined; keyword?: string | undefined; page: number; size: number }): Promise<{ rows: ConversationRow[]; total: number }> {
  const where: SQL | undefined = and(
    eq(chatConversations.status, 'C'),
    q.department ? eq(chatConversations.department, q.department) : undefined,
    q.keyword ? or(ilike(chatConversations.visitorName, `%${q.keyword}%`), ilike(chatConversations.lastMessage, `%${q.keyword}%`)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(chatConversations).where(where).orderBy(desc(chatConversations.id)).limit(q.size).offset(q.page * q.size),
    db.select({ n: count() }).from(chatConversations).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function insertMessage(db: DbOrTx, row: typeof chatMessages.$inferInsert): Promise<MessageRow> {
  const [created] = await db.insert(chatMessages).values(row).returning();
  return created!;
}

export async function messagesOf(db: DbOrTx, conversationId: number, afterId?: number): Promise<MessageRow[]> {
  return db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), afterId === undefined ? undefined : gt(chatMessages.id, afterId)))
    .orderBy(chatMessages.id)
    .limit(500);
}

export async function messageById(db: DbOrTx, id: number): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, id));
  return row;
}

export async function markPresent(db: DbOrTx, staffId: string, departments: readonly ChatDepartment[], at: Date): Promise<void> {
  for (const department of departments) {
    await db.insert(chatPresence).values({ staffId, department, seenAt: at }).onConflictDoUpdate({ target: [chatPresence.staffId, chatPresence.department], set: { seenAt: at } });
  }
}

export async function staffOnline(db: DbOrTx, department: ChatDepartment, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(chatPresence)
    .where(and(eq(chatPresence.department, department), gte(chatPresence.seenAt, since)));
  return (row?.n ?? 0) > 0;
}

export async function cannedReplies(db: DbOrTx): Promise<CannedRow[]> {
  return db.select().from(chatCannedReplies).orderBy(chatCannedReplies.id);
}

export async function insertCanned(db: DbOrTx, row: typeof chatCannedReplies.$inferInsert): Promise<CannedRow> {
  const [created] = await db.insert(chatCannedReplies).values(row).returning();
  return created!;
}

export async function updateCanned(db: DbOrTx, id: number, patch: Partial<typeof chatCannedReplies.$inferInsert>): Promise<CannedRow | undefined> {
  const [row] = await db.update(chatCannedReplies).set(patch).where(eq(chatCannedReplies.id, id)).returning();
  return row;
}

export async function deleteCanned(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.delete(chatCannedReplies).where(eq(chatCannedReplies.id, id)).returning({ id: chatCannedReplies.id })).length > 0;
}

export async function insertTicket(db: DbOrTx, row: typeof chatTickets.$inferInsert): Promise<TicketRow> {
  const [created] = await db.insert(chatTickets).values(row).returning();
  return created!;
}

export async function tickets(db: DbOrTx, q: { status?: ChatTicketStatus | undefined; department?: ChatDepartment | undefined; page: number; size: number }): Promise<{ rows: TicketRow[]; total: number }> {
  const where = and(q.status ? eq(chatTickets.status, q.status) : undefined, q.department ? eq(chatTickets.department, q.department) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(chatTickets).where(where).orderBy(desc(chatTickets.id)).limit(q.size).offset(q.page * q.size),
    db.select({ n: count() }).from(chatTickets).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function ticketForUpdate(db: DbOrTx, id: number): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(chatTickets).where(eq(chatTickets.id, id)).for('update');
  return row;
}

export async function updateTicket(db: DbOrTx, id: number, patch: Partial<typeof chatTickets.$inferInsert>): Promise<TicketRow> {
  const [row] = await db.update(chatTickets).set(patch).where(eq(chatTickets.id, id)).returning();
  return row!;
}
