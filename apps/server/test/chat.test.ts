import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminChatPath,
  CHAT_VISITOR_LIMIT_PER_MINUTE,
  ChatPath,
  StaffPath,
  WsTopic,
  type ChatCannedReply,
  type ChatConversation,
  type ChatMessage,
  type ChatPresence,
  type ChatSession,
  type ChatTicket,
  type Page,
} from '@tp/contract';
import { createSeededTestApp, listenForWebSockets, type TestContext } from './harness';
import { client, staffClient, type Client } from './identity-support';
import { adminClient, multipart, png } from './enterprise-support';
import { WsClient } from './system-fakes';

let ctx: TestContext;
let staff: Client;
let wsUrl: string;

beforeAll(async () => {
  ctx = await createSeededTestApp();
  staff = await adminClient(ctx);
  wsUrl = await listenForWebSockets(ctx.app);
});
afterAll(() => ctx.close());

async function ok<T>(c: Client, path: string, body: object = {}): Promise<T> {
  const res = await c.post<T>(path, body);
  expect(res.code, res.message).toBe('0');
  return res.value;
}

const visitorSays = (c: Client, s: ChatSession, text: string) => ok<ChatMessage>(c, ChatPath.send, { conversationId: s.conversationId, token: s.token, text });
const queueOf = (department: string) => ok<ChatConversation[]>(staff, AdminChatPath.queue, { department });

describe('customer-service chat', () => {
  it('a visitor chats with staff before logging in: queue, live replies, transfer and closing', async () => {
    const visitor = client(ctx);
    // Nobody is on line yet: the widget offers to leave a message.
    const first = await ok<ChatSession>(visitor, ChatPath.start, { department: 'warehouse', name: '王先生' });
    expect(first.online).toBe(false);

    const presence = await ok<ChatPresence>(staff, AdminChatPath.presence, { departments: ['trading', 'capital'] });
    expect(Object.keys(presence.channels).sort()).toEqual(['capital', 'trading']);
    expect(await ok(visitor, ChatPath.online, { department: 'trading' })).toEqual({ online: true });
    expect(await ok(visitor, ChatPath.online, { department: 'warehouse' })).toEqual({ online: false });

    const session = await ok<ChatSession>(visitor, ChatPath.start, { department: 'trading', name: '李女士' });
    expect(session).toMatchObject({ department: 'trading', online: true });

    const ws = await WsClient.connect(wsUrl);
    const desk = await WsClient.connect(wsUrl);
    try {
      expect(await ws.request({ op: 'subscribe', topics: [WsTopic.of('chat', session.channel)] })).toMatchObject({ type: 'ack' });
      expect(await desk.request({ op: 'subscribe', topics: [WsTopic.of('chat', presence.channels.trading!)] })).toMatchObject({ type: 'ack' });

      await visitorSays(visitor, session, '请问如何挂牌？');
      expect(await desk.next({ type: 'chat' })).toMatchObject({ data: { conversationId: session.conversationId, status: 'W', message: { sender: 'visitor', text: '请问如何挂牌？' } } });
      const queued = (await queueOf('trading')).find((c) => c.conversationId === session.conversationId);
      expect(queued).toMatchObject({ status: 'W', visitorName: '李女士', loggedIn: false, lastMessage: '请问如何挂牌？', staffName: null });

      const reply = await ok<ChatMessage>(staff, AdminChatPath.reply, { conversationId: session.conversationId, text: '您好，请在卖方中心发布资源单。' });
      expect(reply).toMatchObject({ sender: 'staff', staffName: expect.any(String) });
      // The visitor's channel carries its own message first, then the reply.
      expect(await ws.next({ type: 'chat', seq: 2 })).toMatchObject({ data: { status: 'O', message: { sender: 'staff', text: '您好，请在卖方中心发布资源单。' } } });
    } finally {
      ws.close();
      desk.close();
    }

    const messages = await ok<ChatMessage[]>(visitor, ChatPath.messages, { conversationId: session.conversationId, token: session.token });
    expect(messages.map((m) => [m.sender, m.text])).toEqual([
      ['visitor', '请问如何挂牌？'],
      ['staff', '您好，请在卖方中心发布资源单。'],
    ]);
    // Only what came after the last one the widget has.
    expect(await ok(visitor, ChatPath.messages, { conversationId: session.conversationId, token: session.token, afterId: messages[0]!.messageId })).toHaveLength(1);

    // Staff hand it to the capital department's queue.
    const transferred = await ok<ChatMessage>(staff, AdminChatPath.transfer, { conversationId: session.conversationId, department: 'capital' });
    expect(transferred).toMatchObject({ sender: 'system', text: 'transfer:trading:capital' });
    expect((await queueOf('trading')).some((c) => c.conversationId === session.conversationId)).toBe(false);
    expect((await queueOf('capital')).find((c) => c.conversationId === session.conversationId)).toMatchObject({ status: 'W', department: 'capital' });
    const again = await staff.post(AdminChatPath.transfer, { conversationId: session.conversationId, department: 'capital' });
    expect(again.message).toBe('The conversation is already with that department (department)');

    await ok(staff, AdminChatPath.close, { conversationId: session.conversationId });
    const late = await visitor.post(ChatPath.send, { conversationId: session.conversationId, token: session.token, text: '还在吗' });
    expect(late).toMatchObject({ status: 409, message: 'The conversation has ended; start a new one' });
    const history = await ok<Page<ChatConversation>>(staff, AdminChatPath.history, { department: 'capital', keyword: '李女士' });
    expect(history.content.map((c) => c.conversationId)).toContain(session.conversationId);
  });

  it('holds a conversation by its token: another visitor can neither read nor write it', async () => {
    const owner = client(ctx);
    const session = await ok<ChatSession>(owner, ChatPath.start, { department: 'fiat' });
    await visitorSays(owner, session, '私密问题');
    const stranger = client(ctx);
    const forged = { conversationId: session.conversationId, token: 'A'.repeat(32) };
    for (const [path, body] of [
      [ChatPath.messages, forged],
      [ChatPath.send, { ...forged, text: 'hello' }],
    ] as const) {
      const res = await stranger.post(path, body);
      expect(res).toMatchObject({ status: 404, message: 'No such conversation; start a new one' });
    }
    const noText = await owner.post(ChatPath.send, { conversationId: session.conversationId, token: session.token, text: '  ' });
    expect(noText.status).toBe(422);
    expect(noText.message).toContain('text');
  });

  it('sends images: stored with a 300 px thumbnail, read with the token or by staff', async () => {
    const visitor = client(ctx);
    const session = await ok<ChatSession>(visitor, ChatPath.start, { department: 'capital' });
    const body = multipart('receipt.png', 'image/png', await png(900, 600));
    const sent = await ctx.app.http.inject({ method: 'POST', url: `${ChatPath.image}?conversationId=${session.conversationId}&token=${session.token}`, remoteAddress: visitor.ip, headers: { 'accept-language': 'en', ...body.headers }, payload: body.payload });
    const message = (sent.json() as { value: ChatMessage }).value;
    expect(message).toMatchObject({ sender: 'visitor', imageUrl: `/api/chat/file/${message.messageId}?conversationId=${session.conversationId}` });

    const mine = await ctx.app.http.inject({ method: 'GET', url: `${message.imageUrl}&token=${session.token}&variant=thumb` });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/jpeg');
    const other = await ok<ChatSession>(client(ctx), ChatPath.start, { department: 'capital' });
    const stolen = await ctx.app.http.inject({ method: 'GET', url: `/api/chat/file/${message.messageId}?conversationId=${other.conversationId}&token=${other.token}` });
    expect(stolen.statusCode).toBe(404);

    const staffView = (await ok<ChatMessage[]>(staff, AdminChatPath.messages, { conversationId: session.conversationId }))[0]!;
    const asStaff = await ctx.app.http.inject({ method: 'GET', url: staffView.imageUrl!, headers: staff.headers });
    expect(asStaff.statusCode).toBe(200);

    const notImage = multipart('notes.txt', 'text/plain', Buffer.from('hello'));
    const refused = await ctx.app.http.inject({ method: 'POST', url: `${ChatPath.image}?conversationId=${session.conversationId}&token=${session.token}`, remoteAddress: visitor.ip, headers: { 'accept-language': 'en', ...notImage.headers }, payload: notImage.payload });
    expect((refused.json() as { message: string }).message).toBe('The image type is not supported or the file is too large (file)');
  });

  it('offline, a visitor leaves a message that staff answer once as a ticket', async () => {
    const visitor = client(ctx);
    const { ticketId } = await ok<{ ticketId: string }>(visitor, ChatPath.leaveMessage, { department: 'warehouse', name: '赵', contact: '13900001111', content: '入库单何时审核？' });
    const open = await ok<Page<ChatTicket>>(staff, AdminChatPath.tickets, { status: 'W' });
    expect(open.content.find((t) => t.ticketId === ticketId)).toMatchObject({ department: 'warehouse', name: '赵', contact: '13900001111', content: '入库单何时审核？', status: 'W' });
    expect(await ok<ChatTicket>(staff, AdminChatPath.answerTicket, { ticketId, answer: '已电话回复' })).toMatchObject({ status: 'T', answer: '已电话回复', answeredBy: expect.any(String) });
    const twice = await staff.post(AdminChatPath.answerTicket, { ticketId, answer: '再次' });
    expect(twice).toMatchObject({ status: 409, message: 'That message has been answered already' });
    const missing = await visitor.post(ChatPath.leaveMessage, { department: 'warehouse', name: '赵', contact: '', content: 'x' });
    expect(missing.message).toContain('contact');
  });

  it('canned replies are kept by staff; the console needs the chat right and its actions are audited', async () => {
    const saved = await ok<ChatCannedReply>(staff, AdminChatPath.saveCanned, { department: 'trading', text: '请稍候，正在为您查询。' });
    const edited = await ok<ChatCannedReply>(staff, AdminChatPath.saveCanned, { cannedId: saved.cannedId, department: null, text: '请稍候。' });
    expect(edited).toEqual({ cannedId: saved.cannedId, department: null, text: '请稍候。' });
    expect(await ok<ChatCannedReply[]>(staff, AdminChatPath.canned)).toContainEqual(edited);
    await ok(staff, AdminChatPath.deleteCanned, { cannedId: saved.cannedId });
    expect((await ok<ChatCannedReply[]>(staff, AdminChatPath.canned)).some((c) => c.cannedId === saved.cannedId)).toBe(false);

    const auditor = await staffClient(ctx, 'auditor');
    for (const path of [AdminChatPath.queue, AdminChatPath.reply]) {
      const res = await auditor.post(path, path === AdminChatPath.queue ? { department: 'trading' } : { conversationId: '1', text: 'x' });
      expect(res.status).toBe(403);
    }
    const log = await ok<Page<{ action: string }>>(staff, StaffPath.auditLog, { size: 100 });
    expect(log.content.map((e) => e.action)).toEqual(expect.arrayContaining(['chat.reply', 'chat.transfer', 'chat.close', 'chat.canned.save', 'chat.canned.delete', 'chat.ticket.answer']));
  });

  it(`limits a visitor to ${CHAT_VISITOR_LIMIT_PER_MINUTE} messages a minute`, async () => {
    const visitor = client(ctx);
    const session = await ok<ChatSession>(visitor, ChatPath.start, { department: 'trading' });
    const statuses: number[] = [];
    for (let i = 0; i < CHAT_VISITOR_LIMIT_PER_MINUTE + 1; i++) statuses.push((await visitor.post(ChatPath.send, { conversationId: session.conversationId, token: session.token, text: `第${i}条` })).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });
});
