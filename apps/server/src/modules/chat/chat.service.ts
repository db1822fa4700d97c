import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  WsTopic,
  type ChatCannedReply,
  type ChatConversation,
  type ChatDepartment,
  type ChatHistoryRequest,
  type ChatLeaveMessageRequest,
  type ChatMessage,
  type ChatPresence,
  type ChatPush,
  type ChatSaveCannedRequest,
  type ChatSession,
  type ChatStatus,
  type ChatTicket,
  type ChatTicketListRequest,
  type Page,
} from '@tp/contract';
import type { Clock } from '../../platform/clock';
import { withTransaction, type Db, type DbOrTx } from '../../platform/db/index';
import { appendEvent, type OutboxPublisher } from '../../platform/events/index';
import { BadRequestError, ConflictError, NotFoundError, type AuthContext } from '../../platform/http/index';
import { storeImageOrRefuse, type OpenedFile, type UploadService } from '../../platform/uploads/index';
import { MESSAGES, conversationClosed, conversationNotFound, imageRequired } from './chat.errors';
import * as repo from './chat.repo';
import type { chatMessages } from './chat.tables';

export const ChatEvents = { message: 'chat.message' } as const;

/** A console that has not called in for this long is off line. */
export const PRESENCE_TTL_MS = 60_000;

export interface ChatServiceDeps {
  db: Db;
  clock: Clock;
  /** Derives the staff consoles' channels, so they cannot be guessed. */
  secret: string;
  uploads: Pick<UploadService, 'storeImage' | 'open'>;
  publisher: Pick<OutboxPublisher, 'flush'>;
  staffNameOf(staffId: string): Promise<string>;
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A visitor's access: the conversation id and the token handed out when it started. */
export interface VisitorKey {
  conversationId: string;
  token: string;
}

/** Images belong to the conversation, not to a firm or user: a visitor has neither. */
const imageOwner = (conversationId: number): AuthContext => ({
  kind: 'user',
  sessionId: '',
  userId: `chat-${conversationId}`,
  firmId: '',
  marketId: '',
  isMainAccount: false,
  language: 'cn',
});

function messageOf(row: repo.MessageRow, forStaff: boolean): ChatMessage {
  const imageUrl = row.fileId === null ? null : forStaff ? `/api/admin/chat/file/${row.id}` : `/api/chat/file/${row.id}?conversationId=${row.conversationId}`;
  return {
    messageId: String(row.id),
    conversationId: String(row.conversationId),
    sender: row.sender,
    staffName: row.staffName,
    text: row.body,
    imageUrl,
    time: row.createdAt.toISOString(),
  };
}

function conversationOf(row: repo.ConversationRow): ChatConversation {
  return {
    conversationId: String(row.id),
    department: row.department,
    status: row.status,
    visitorName: row.visitorName,
    loggedIn: row.userId !== null,
    staffName: row.staffName,
    lastMessage: row.lastMessage,
    lastMessageAt: iso(row.lastMessageAt),
    createdAt: row.createdAt.toISOString(),
  };
}

function ticketOf(row: repo.TicketRow): ChatTicket {
  return {
    ticketId: String(row.id),
    department: row.department,
    name: row.name,
    contact: row.contact,
    content: row.content,
    status: row.status,
    answer: row.answer,
    answeredBy: row.answeredBy,
    createdAt: row.createdAt.toISOString(),
    answeredAt: iso(row.answeredAt),
  };
}

/** Customer-service chat: visitors' conversations per department, the staff console, and tickets left while nobody is on line. */
export function createChatService(deps: ChatServiceDeps) {
  const { db, clock } = deps;

  /** The live channel of a department's staff consoles. */
  const staffChannel = (department: ChatDepartment) => `s${createHmac('sha256', deps.secret).update(`chat.staff:${department}`).digest('hex').slice(0, 40)}`;

  const online = (department: ChatDepartment) => repo.staffOnline(db, department, new Date(clock.now().getTime() - PRESENCE_TTL_MS));

  /** The visitor's conversation, once the token matches. */
  async function visitorConversation(tx: DbOrTx, key: VisitorKey, lock = false): Promise<repo.ConversationRow> {
    const row = await repo.conversationById(tx, Number(key.conversationId), lock);
    if (!row) throw conversationNotFound();
    const given = Buffer.from(hash(key.token), 'hex');
    if (!timingSafeEqual(given, Buffer.from(row.tokenHash, 'hex'))) throw conversationNotFound();
    return row;
  }

  /** Appends a message and queues its push to the visitor's channel and to the department's consoles. */
  async function post(tx: DbOrTx, conversation: repo.ConversationRow, message: Omit<typeof chatMessages.$inferInsert, 'conversationId' | 'createdAt'>, status: ChatStatus, patch: Partial<repo.ConversationRow> = {}): Promise<repo.MessageRow> {
    const now = clock.now();
    const row = await repo.insertMessage(tx, { ...message, conversationId: conversation.id, createdAt: now });
    const summary = row.fileId ? '[图片]' : row.body;
    const department = patch.department ?? conversation.department;
    await repo.updateConversation(tx, conversation.id, { ...patch, status, lastMessage: summary.slice(0, 200), lastMessageAt: now, updatedAt: now });
    const visitorPush: ChatPush = { conversationId: String(conversation.id), department, status, message: messageOf(row, false) };
    const staffPush: ChatPush = { ...visitorPush, message: messageOf(row, true) };
    await appendEvent(tx, { type: ChatEvents.message, topic: WsTopic.of('chat', conversation.channel), push: 'chat', payload: visitorPush });
    await appendEvent(tx, { type: ChatEvents.message, topic: WsTopic.of('chat', staffChannel(department)), push: 'chat', payload: staffPush });
    // A transfer tells the consoles it left as well.
    if (department !== conversation.department) await appendEvent(tx, { type: ChatEvents.message, topic: WsTopic.of('chat', staffChannel(conversation.department)), push: 'chat', payload: staffPush });
    return row;
  }

  /** Runs a write and sends its pushes at once (the outbox's poll would send them within a second anyway). */
  async function write<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    const result = await withTransaction(db, work);
    void deps.publisher.flush();
    return result;
  }

  async function staffConversation(tx: DbOrTx, conversationId: string, lock = false): Promise<repo.ConversationRow> {
    const row = await repo.conversationById(tx, Number(conversationId), lock);
    if (!row) throw conversationNotFound();
    return row;
  }

  return {
    staffChannel,

    async start(auth: AuthContext | null | undefined, input: { department: ChatDepartment; name?: string | undefined }): Promise<ChatSession> {
      const token = randomBytes(24).toString('base64url');
      const channel = randomBytes(20).toString('hex');
      const now = clock.now();
      const row = await repo.insertConversation(db, {
        department: input.department,
        status: 'W',
        tokenHash: hash(token),
        channel,
        visitorName: input.name ?? '',
        userId: auth?.kind === 'user' ? Number(auth.userId) : null,
        createdAt: now,
        updatedAt: now,
      });
      return { conversationId: String(row.id), token, channel, department: row.department, online: await online(row.department) };
    },

    async online(department: ChatDepartment): Promise<{ online: boolean }> {
      return { online: await online(department) };
    },

    async messages(key: VisitorKey & { afterId?: string | undefined }): Promise<ChatMessage[]> {
      const conversation = await visitorConversation(db, key);
      return (await repo.messagesOf(db, conversation.id, key.afterId === undefined ? undefined : Number(key.afterId))).map((m) => messageOf(m, false));
    },

    async send(key: VisitorKey, text: string): Promise<ChatMessage> {
      const row = await write(async (tx) => {
        const conversation = await visitorConversation(tx, key, true);
        if (conversation.status === 'C') throw conversationClosed();
        return post(tx, conversation, { sender: 'visitor', body: text }, conversation.status);
      });
      return messageOf(row, false);
    },

    async sendImage(key: Partial<VisitorKey>, image: Buffer | null): Promise<ChatMessage> {
      if (!key.conversationId || !key.token || !/^\d{1,18}$/.test(key.conversationId)) throw new BadRequestError(MESSAGES.fieldsRequired);
      const visitor = key as VisitorKey;
      const conversation = await visitorConversation(db, visitor);
      if (conversation.status === 'C') throw conversationClosed();
      if (image === null) throw imageRequired();
      const stored = await storeImageOrRefuse(deps.uploads, imageOwner(conversation.id), image, () => new BadRequestError(MESSAGES.notAnImage));
      const row = await write(async (tx) => {
        const locked = await visitorConversation(tx, visitor, true);
        return post(tx, locked, { sender: 'visitor', body: '', fileId: stored.id }, locked.status);
      });
      return messageOf(row, false);
    },

    /** A message's image, for the visitor holding the conversation or for staff. */
    async image(messageId: string, variant: 'file' | 'thumb', key?: VisitorKey): Promise<OpenedFile> {
      const message = /^\d{1,18}$/.test(messageId) ? await repo.messageById(db, Number(messageId)) : undefined;
      if (!message?.fileId) throw new NotFoundError();
      if (key) {
        const conversation = await visitorConversation(db, key);
        if (conversation.id !== message.conversationId) throw new NotFoundError();
      }
      return deps.uploads.open(imageOwner(message.conversationId), message.fileId, variant);
    },

    async leaveMessage(auth: AuthContext | null | undefined, input: ChatLeaveMessageRequest): Promise<{ ticketId: string }> {
      const row = await repo.insertTicket(db, {
        department: input.department,
        status: 'W',
        name: input.name,
        contact: input.contact,
        content: input.content,
        userId: auth?.kind === 'user' ? Number(auth.userId) : null,
        createdAt: clock.now(),
      });
      return { ticketId: String(row.id) };
    },

    // The staff console

    async presence(staff: AuthContext, departments: ChatDepartment[]): Promise<ChatPresence> {
      await repo.markPresent(db, staff.userId, departments, clock.now());
      return { channels: Object.fromEntries(departments.map((d) => [d, staffChannel(d)])) };
    },

    async queue(department: ChatDepartment): Promise<ChatConversation[]> {
      return (await repo.queue(db, department)).map(conversationOf);
    },

    async history(query: ChatHistoryRequest & { page: number; size: number }): Promise<Page<ChatConversation>> {
      const { rows, total } = await repo.history(db, query);
      return { content: rows.map(conversationOf), total, page: query.page, size: query.size };
    },

    async staffMessages(conversationId: string): Promise<ChatMessage[]> {
      const conversation = await staffConversation(db, conversationId);
      return (await repo.messagesOf(db, conversation.id)).map((m) => messageOf(m, true));
    },

    /** A staff reply; the first reply takes the conversation (W → O). */
    async reply(staff: AuthContext, conversationId: string, text: string): Promise<ChatMessage> {
      const staffName = await deps.staffNameOf(staff.userId);
      const row = await write(async (tx) => {
        const conversation = await staffConversation(tx, conversationId, true);
        if (conversation.status === 'C') throw conversationClosed();
        return post(tx, conversation, { sender: 'staff', staffId: staff.userId, staffName, body: text }, 'O', { staffId: staff.userId, staffName });
      });
      return messageOf(row, true);
    },

    /** Hands a conversation to another department's queue, waiting for its staff. */
    async transfer(staff: AuthContext, conversationId: string, department: ChatDepartment): Promise<ChatMessage> {
      const staffName = await deps.staffNameOf(staff.userId);
      const row = await write(async (tx) => {
        const conversation = await staffConversation(tx, conversationId, true);
        if (conversation.status === 'C') throw conversationClosed();
        if (conversation.department === department) throw new ConflictError(MESSAGES.sameDepartment);
        return post(tx, conversation, { sender: 'system', staffId: staff.userId, staffName, body: `transfer:${conversation.department}:${department}` }, 'W', { department, staffId: null, staffName: null });
      });
      return messageOf(row, true);
    },

    async close(staff: AuthContext, conversationId: string): Promise<ChatMessage> {
      const staffName = await deps.staffNameOf(staff.userId);
      const row = await write(async (tx) => {
        const conversation = await staffConversation(tx, conversationId, true);
        if (conversation.status === 'C') throw conversationClosed();
        return post(tx, conversation, { sender: 'system', staffId: staff.userId, staffName, body: 'closed' }, 'C');
      });
      return messageOf(row, true);
    },

    async cannedReplies(): Promise<ChatCannedReply[]> {
      return (await repo.cannedReplies(db)).map((r) => ({ cannedId: String(r.id), department: r.department, text: r.body }));
    },

    async saveCanned(staff: AuthContext, input: ChatSaveCannedRequest): Promise<ChatCannedReply> {
      const now = clock.now();
      const fields = { department: input.department ?? null, body: input.text, updatedAt: now };
      const row = input.cannedId ? await repo.updateCanned(db, Number(input.cannedId), fields) : await repo.insertCanned(db, { ...fields, createdBy: staff.userId, createdAt: now });
      if (!row) throw new NotFoundError(MESSAGES.cannedNotFound);
      return { cannedId: String(row.id), department: row.department, text: row.body };
    },

    async deleteCanned(cannedId: string): Promise<{ cannedId: string }> {
      if (!(await repo.deleteCanned(db, Number(cannedId)))) throw new NotFoundError(MESSAGES.cannedNotFound);
      return { cannedId };
    },

    async tickets(query: ChatTicketListRequest & { page: number; size: number }): Promise<Page<ChatTicket>> {
      const { rows, total } = await repo.tickets(db, query);
      return { content: rows.map(ticketOf), total, page: query.page, size: query.size };
    },

    async answerTicket(staff: AuthContext, ticketId: string, answer: string): Promise<ChatTicket> {
      const staffName = await deps.staffNameOf(staff.userId);
      return withTransaction(db, async (tx) => {
        const ticket = await repo.ticketForUpdate(tx, Number(ticketId));
        if (!ticket) throw new NotFoundError(MESSAGES.ticketNotFound);
        if (ticket.status !== 'W') throw new ConflictError(MESSAGES.ticketAnswered);
        return ticketOf(await repo.updateTicket(tx, ticket.id, { status: 'T', answer, answeredBy: staffName, answeredAt: clock.now() }));
      });
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
