import { z } from 'zod';
import { RowId, pageFields, pageOf } from './envelope';

/** Customer-service chat: visitors and users talk to the platform's staff, per department. */
export const ChatPath = {
  /** Anyone (visitors too): opens a conversation; the answer's token is the only key to it. */
  start: '/api/chat/start',
  /** Whether a department has staff on line (otherwise the widget offers to leave a message). */
  online: '/api/chat/online',
  messages: '/api/chat/messages',
  send: '/api/chat/send',
  /** Multipart: `conversationId`, `token` and the image `file`. */
  image: '/api/chat/image',
  /** GET `/api/chat/file/:messageId?conversationId=&token=`: a message's image. */
  file: '/api/chat/file/:messageId',
  /** Offline: the visitor's message becomes a ticket staff answer later. */
  leaveMessage: '/api/chat/leave-message',
} as const;

export const AdminChatPath = {
  /** Marks the staff member on line for the departments and hands out their live channels. */
  presence: '/api/admin/chat/presence',
  /** Waiting and open conversations of a department (the queue). */
  queue: '/api/admin/chat/queue',
  /** Closed conversations, newest first, paged. */
  history: '/api/admin/chat/history',
  messages: '/api/admin/chat/messages',
  reply: '/api/admin/chat/reply',
  transfer: '/api/admin/chat/transfer',
  close: '/api/admin/chat/close',
  canned: '/api/admin/chat/canned',
  saveCanned: '/api/admin/chat/canned/save',
  deleteCanned: '/api/admin/chat/canned/delete',
  tickets: '/api/admin/chat/tickets',
  answerTicket: '/api/admin/chat/tickets/answer',
  /** GET `/api/admin/chat/file/:messageId`. */
  file: '/api/admin/chat/file/:messageId',
} as const;

/** The department a page's chat reaches: trading, capital, warehouse or fiat. */
export const CHAT_DEPARTMENTS = ['trading', 'capital', 'warehouse', 'fiat'] as const;
export const ChatDepartment = z.enum(CHAT_DEPARTMENTS);
export type ChatDepartment = z.infer<typeof ChatDepartment>;

/** Conversation `status`: W waiting for staff, O being served, C closed. */
export const ChatStatus = z.enum(['W', 'O', 'C']);
export type ChatStatus = z.infer<typeof ChatStatus>;

export const CHAT_TEXT_MAX = 1000;
/** A visitor's messages within a minute before the chat asks them to slow down. */
export const CHAT_VISITOR_LIMIT_PER_MINUTE = 20;

const token = z.string().regex(/^[A-Za-z0-9_-]{20,64}$/);
const chatText = z.string().trim().min(1).max(CHAT_TEXT_MAX);

export const ChatStartRequest = z.strictObject({ department: ChatDepartment, name: z.string().trim().max(40).optional() });
export type ChatStartRequest = z.input<typeof ChatStartRequest>;
export const ChatSession = z.object({
  conversationId: z.string(),
  token: z.string(),
  /** Subscribe to `chat:<channel>` for the conversation's live messages. */
  channel: z.string(),
  department: ChatDepartment,
  online: z.boolean(),
});
export type ChatSession = z.infer<typeof ChatSession>;

export const ChatOnlineRequest = z.strictObject({ department: ChatDepartment });
export const ChatOnline = z.object({ online: z.boolean() });

export const ChatConversationRequest = z.strictObject({ conversationId: RowId, token, afterId: RowId.optional() });
export type ChatConversationRequest = z.input<typeof ChatConversationRequest>;
export const ChatSendRequest = z.strictObject({ conversationId: RowId, token, text: chatText });
export type ChatSendRequest = z.input<typeof ChatSendRequest>;

/** Who wrote a message: the visitor, staff, or the platform (transfers, closing). */
export const ChatSender = z.enum(['visitor', 'staff', 'system']);
export type ChatSender = z.infer<typeof ChatSender>;

export const ChatMessage = z.object({
  messageId: z.string(),
  conversationId: z.string(),
  sender: ChatSender,
  /** The staff member's display name on staff messages. */
  staffName: z.string().nullable(),
  text: z.string(),
  /** Set on an image message: where the image and its 300 px thumbnail are read. */
  imageUrl: z.string().nullable(),
  time: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;
export const ChatMessages = z.array(ChatMessage);

export const ChatLeaveMessageRequest = z.strictObject({
  department: ChatDepartment,
  name: z.string().trim().min(1).max(40),
  contact: z.string().trim().min(3).max(60),
  content: chatText,
});
export type ChatLeaveMessageRequest = z.input<typeof ChatLeaveMessageRequest>;
export const ChatTicketCreated = z.object({ ticketId: z.string() });

/** The `chat:<channel>` push: a new message of a conversation (its status after it). */
export const ChatPush = z.object({ conversationId: z.string(), department: ChatDepartment, status: ChatStatus, message: ChatMessage });
export type ChatPush = z.infer<typeof ChatPush>;

// Back office

export const ChatPresenceRequest = z.strictObject({ departments: z.array(ChatDepartment).min(1).max(4) });
export type ChatPresenceRequest = z.input<typeof ChatPresenceRequest>;
export const ChatPresence = z.object({ channels: z.partialRecord(ChatDepartment, z.string()) });
export type ChatPresence = z.infer<typeof ChatPresence>;

export const ChatConversation = z.object({
  conversationId: z.string(),
  department: ChatDepartment,
  status: ChatStatus,
  /** The visitor's given name, or the logged-in user's account. */
  visitorName: z.string(),
  loggedIn: z.boolean(),
  staffName: z.string().nullable(),
  lastMessage: z.string().nullable(),
  lastMessageAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ChatConversation = z.infer<typeof ChatConversation>;
export const ChatConversations = z.array(ChatConversation);

export const ChatQueueRequest = z.strictObject({ department: ChatDepartment });
export type ChatQueueRequest = z.input<typeof ChatQueueRequest>;
export const ChatHistoryRequest = z.strictObject({ department: ChatDepartment.optional(), keyword: z.string().trim().max(40).optional(), ...pageFields(20) });
export type ChatHistoryRequest = z.input<typeof ChatHistoryRequest>;
export const ChatConversationPage = pageOf(ChatConversation);

export const AdminChatIdRequest = z.strictObject({ conversationId: RowId });
export type AdminChatIdRequest = z.input<typeof AdminChatIdRequest>;
export const AdminChatReplyRequest = z.strictObject({ conversationId: RowId, text: chatText });
export type AdminChatReplyRequest = z.input<typeof AdminChatReplyRequest>;
export const AdminChatTransferRequest = z.strictObject({ conversationId: RowId, department: ChatDepartment });
export type AdminChatTransferRequest = z.input<typeof AdminChatTransferRequest>;

export const ChatCannedReply = z.object({ cannedId: z.string(), department: ChatDepartment.nullable(), text: z.string() });
export type ChatCannedReply = z.infer<typeof ChatCannedReply>;
export const ChatCannedReplies = z.array(ChatCannedReply);
export const ChatSaveCannedRequest = z.strictObject({ cannedId: RowId.optional(), department: ChatDepartment.nullable().optional(), text: chatText });
export type ChatSaveCannedRequest = z.input<typeof ChatSaveCannedRequest>;
export const ChatCannedIdRequest = z.strictObject({ cannedId: RowId });

/** Ticket `status`: W awaiting an answer, T answered. */
export const ChatTicketStatus = z.enum(['W', 'T']);
export type ChatTicketStatus = z.infer<typeof ChatTicketStatus>;
export const ChatTicket = z.object({
  ticketId: z.string(),
  department: ChatDepartment,
  name: z.string(),
  contact: z.string(),
  content: z.string(),
  status: ChatTicketStatus,
  answer: z.string().nullable(),
  answeredBy: z.string().nullable(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type ChatTicket = z.infer<typeof ChatTicket>;
export const ChatTicketListRequest = z.strictObject({ status: ChatTicketStatus.optional(), department: ChatDepartment.optional(), ...pageFields(20) });
export type ChatTicketListRequest = z.input<typeof ChatTicketListRequest>;
export const ChatTicketPage = pageOf(ChatTicket);
export const ChatAnswerTicketRequest = z.strictObject({ ticketId: RowId, answer: chatText });
export type ChatAnswerTicketRequest = z.input<typeof ChatAnswerTicketRequest>;
