import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminChatIdRequest,
  AdminChatPath,
  AdminChatReplyRequest,
  AdminChatTransferRequest,
  CHAT_VISITOR_LIMIT_PER_MINUTE,
  ChatAnswerTicketRequest,
  ChatCannedIdRequest,
  ChatCannedReplies,
  ChatCannedReply,
  ChatConversationPage,
  ChatConversationRequest,
  ChatConversations,
  ChatHistoryRequest,
  ChatLeaveMessageRequest,
  ChatMessage,
  ChatMessages,
  ChatOnline,
  ChatOnlineRequest,
  ChatPath,
  ChatPresence,
  ChatPresenceRequest,
  ChatQueueRequest,
  ChatSaveCannedRequest,
  ChatSendRequest,
  ChatSession,
  ChatStartRequest,
  ChatTicket,
  ChatTicketCreated,
  ChatTicketListRequest,
  ChatTicketPage,
  UPLOAD_IMAGE_MAX_BYTES,
} from '@tp/contract';
import { caller, ok, postRoutes, replyOf } from '../../platform/http/index';
import { readUploadedFile, sendStoredFile } from '../../platform/uploads/index';
import { MESSAGES } from './chat.errors';
import type { ChatService } from './chat.service';

/** Visitors may chat before logging in, within a rate per address. */
const VISITOR_LIMIT = { max: CHAT_VISITOR_LIMIT_PER_MINUTE, timeWindow: '1 minute' } as const;
const imageQuery = z.object({ conversationId: z.string().max(18).optional(), token: z.string().max(64).optional() });
const fileQuery = z.object({ conversationId: z.string().regex(/^\d{1,18}$/), token: z.string().min(20).max(64), variant: z.enum(['file', 'thumb']).default('file') });
const adminFileQuery = z.object({ variant: z.enum(['file', 'thumb']).default('file') });
const messageParams = z.object({ messageId: z.string().max(18) });

export function registerChatRoutes(app: FastifyInstance, chat: ChatService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = (audit?: string) => ({ auth: { staff: 'chat.manage' as const }, ...(audit ? { audit } : {}) });
  const post = postRoutes(app, {
    anyone: { auth: 'optional' },
    visitor: { auth: 'optional', rateLimit: VISITOR_LIMIT },
    staff: staff(),
    reply: staff('chat.reply'),
    transfer: staff('chat.transfer'),
    close: staff('chat.close'),
    canned: staff('chat.canned.save'),
    uncanned: staff('chat.canned.delete'),
    ticket: staff('chat.ticket.answer'),
  });

  post.visitor(ChatPath.start, ChatStartRequest, ChatSession, (body, request) => chat.start(request.auth, body));
  post.anyone(ChatPath.online, ChatOnlineRequest, ChatOnline, (body) => chat.online(body.department));
  post.anyone(ChatPath.messages, ChatConversationRequest, ChatMessages, (body) => chat.messages(body));
  post.visitor(ChatPath.send, ChatSendRequest, ChatMessage, (body) => chat.send(body, body.text));
  post.visitor(ChatPath.leaveMessage, ChatLeaveMessageRequest, ChatTicketCreated, (body, request) => chat.leaveMessage(request.auth, body));
  r.post(ChatPath.image, { schema: { querystring: imageQuery, response: replyOf(ChatMessage) }, config: { auth: 'optional', rateLimit: VISITOR_LIMIT } }, async (request) => {
    const image = request.isMultipart() ? await readUploadedFile(request, { maxBytes: UPLOAD_IMAGE_MAX_BYTES, kind: 'image', noFile: MESSAGES.imageRequired }) : null;
    return ok(await chat.sendImage(request.query, image));
  });
  r.get(ChatPath.file, { schema: { params: messageParams, querystring: fileQuery }, config: { auth: 'optional' } }, async (request, reply) => {
    const file = await chat.image(request.params.messageId, request.query.variant, { conversationId: request.query.conversationId, token: request.query.token });
    return sendStoredFile(reply, file, { disposition: 'inline', maxAgeSeconds: 0 });
  });

  post.staff(AdminChatPath.presence, ChatPresenceRequest, ChatPresence, (body, request) => chat.presence(caller(request), body.departments));
  post.staff(AdminChatPath.queue, ChatQueueRequest, ChatConversations, (body) => chat.queue(body.department));
  post.staff(AdminChatPath.history, ChatHistoryRequest, ChatConversationPage, (body) => chat.history(body));
  post.staff(AdminChatPath.messages, AdminChatIdRequest, ChatMessages, (body) => chat.staffMessages(body.conversationId));
  post.reply(AdminChatPath.reply, AdminChatReplyRequest, ChatMessage, (body, request) => chat.reply(caller(request), body.conversationId, body.text));
  post.transfer(AdminChatPath.transfer, AdminChatTransferRequest, ChatMessage, (body, request) => chat.transfer(caller(request), body.conversationId, body.department));
  post.close(AdminChatPath.close, AdminChatIdRequest, ChatMessage, (body, request) => chat.close(caller(request), body.conversationId));
  post.staff(AdminChatPath.canned, z.strictObject({}).optional(), ChatCannedReplies, () => chat.cannedReplies());
  post.canned(AdminChatPath.saveCanned, ChatSaveCannedRequest, ChatCannedReply, (body, request) => chat.saveCanned(caller(request), body));
  post.uncanned(AdminChatPath.deleteCanned, ChatCannedIdRequest, z.object({ cannedId: z.string() }), (body) => chat.deleteCanned(body.cannedId));
  post.staff(AdminChatPath.tickets, ChatTicketListRequest, ChatTicketPage, (body) => chat.tickets(body));
  post.ticket(AdminChatPath.answerTicket, ChatAnswerTicketRequest, ChatTicket, (body, request) => chat.answerTicket(caller(request), body.ticketId, body.answer));
  r.get(AdminChatPath.file, { schema: { params: messageParams, querystring: adminFileQuery }, config: staff() }, async (request, reply) => {
    const file = await chat.image(request.params.messageId, request.query.variant);
    return sendStoredFile(reply, file, { disposition: 'inline', maxAgeSeconds: 0 });
  });
}
