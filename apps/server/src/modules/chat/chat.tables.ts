import { bigint, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ChatDepartment, ChatSender, ChatStatus, ChatTicketStatus } from '@tp/contract';
import { at, createdAt, identityKey, timestamps, userIdColumn } from '../../platform/db/columns';

/**
 * A customer-service conversation. Visitors hold it by a token (only its hash is stored); a
 * logged-in user's conversation also names the user. `channel` is the unguessable live topic id.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: identityKey(890001),
    department: text('department').$type<ChatDepartment>().notNull(),
    status: text('status').$type<ChatStatus>().notNull(),
    tokenHash: text('token_hash').notNull(),
    channel: text('channel').notNull(),
    visitorName: text('visitor_name').notNull(),
    userId: userIdColumn(),
    /** The staff member serving it (the first to reply, or the one it was transferred from until someone replies). */
    staffId: text('staff_id'),
    staffName: text('staff_name'),
    lastMessage: text('last_message'),
    lastMessageAt: at('last_message_at'),
    ...timestamps(),
  },
  (t) => [index('chat_conversations_queue_idx').on(t.department, t.status, t.id)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: identityKey(891001),
    conversationId: bigint('conversation_id', { mode: 'number' }).notNull(),
    sender: text('sender').$type<ChatSender>().notNull(),
    staffId: text('staff_id'),
    staffName: text('staff_name'),
    body: text('body').notNull(),
    /** An image message's stored upload. */
    fileId: text('file_id'),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.id)],
);

/** Replies staff pick instead of typing; `department` null is for every department. */
export const chatCannedReplies = pgTable('chat_canned_replies', {
  id: identityKey(892001),
  department: text('department').$type<ChatDepartment>(),
  body: text('body').notNull(),
  createdBy: text('created_by').notNull(),
  ...timestamps(),
});

/** Staff on line: a console's heartbeat, per department. */
export const chatPresence = pgTable(
  'chat_presence',
  {
    id: identityKey(893001),
    staffId: text('staff_id').notNull(),
    department: text('department').$type<ChatDepartment>().notNull(),
    seenAt: at('seen_at').notNull(),
  },
  (t) => [uniqueIndex('chat_presence_staff_idx').on(t.staffId, t.department)],
);

/** A message left while no staff was on line, answered later. */
export const chatTickets = pgTable(
  'chat_tickets',
  {
    id: identityKey(894001),
    department: text('department').$type<ChatDepartment>().notNull(),
    status: text('status').$type<ChatTicketStatus>().notNull(),
    name: text('name').notNull(),
    contact: text('contact').notNull(),
    content: text('content').notNull(),
    userId: userIdColumn(),
    answer: text('answer'),
    answeredBy: text('answered_by'),
    answeredAt: at('answered_at'),
    createdAt: createdAt(),
  },
  (t) => [index('chat_tickets_status_idx').on(t.status, t.id)],
);
