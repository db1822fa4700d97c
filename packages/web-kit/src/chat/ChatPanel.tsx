import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Form, Input, Space, Spin, Upload } from 'antd';
import { useChatText } from './chatText';
import {
  CHAT_TEXT_MAX,
  ChatMessage,
  ChatMessages,
  ChatPath,
  ChatSession,
  ChatTicketCreated,
  WsTopic,
  type ChatDepartment,
  type ChatLeaveMessageRequest,
  type ChatPush,
} from '@tp/contract';
import { ApiError, type ApiClient } from '../api/client';
import { useLiveTopic } from '../live/useLiveTopic';
import type { ChatWidgetProps } from './ChatLauncher';

/** The conversation survives a page change or reload in the same tab, not beyond. */
const storageKey = (department: ChatDepartment) => `tp.chat.${department}`;

function storedSession(department: ChatDepartment): ChatSession | undefined {
  try {
    const raw = window.sessionStorage.getItem(storageKey(department));
    return raw ? ChatSession.parse(JSON.parse(raw)) : undefined;
  } catch {
    return undefined;
  }
}

/** Adds messages not yet shown, in id order. */
function merged(shown: ChatMessage[], more: ChatMessage[]): ChatMessage[] {
  const ids = new Set(shown.map((m) => m.messageId));
  return [...shown, ...more.filter((m) => !ids.has(m.messageId))].sort((a, b) => Number(a.messageId) - Number(b.messageId));
}

/** A system line (transfer, closing) in the reader's words. */
function SystemLine({ text }: { text: string }) {
  const t = useChatText();
  const [kind, , to] = text.split(':') as [string, string, ChatDepartment];
  return <div className="tp-chat-system">{kind === 'transfer' ? t('chat.transferred', { department: t(`chat.departments.${to}`) }) : t('chat.closed')}</div>;
}

function Bubble({ message, session }: { message: ChatMessage; session: ChatSession }) {
  const t = useChatText();
  if (message.sender === 'system') return <SystemLine text={message.text} />;
  const mine = message.sender === 'visitor';
  return (
    <div className={`tp-chat-bubble ${mine ? 'tp-chat-mine' : 'tp-chat-staff'}`} data-testid={`chat-message-${message.sender}`} style={{ textAlign: mine ? 'right' : 'left', margin: '6px 0' }}>
      <div style={{ fontSize: 12, color: '#8a8f98' }}>{mine ? t('chat.me') : (message.staffName ?? t('chat.staff'))}</div>
      <div style={{ display: 'inline-block', padding: '6px 10px', borderRadius: 8, background: mine ? '#e6f4ff' : '#f5f5f5', maxWidth: '85%', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {message.imageUrl ? (
          <a href={`${message.imageUrl}&token=${session.token}`} target="_blank" rel="noreferrer">
            <img alt={t('chat.image')} src={`${message.imageUrl}&token=${session.token}&variant=thumb`} style={{ maxWidth: 180 }} />
          </a>
        ) : (
          message.text
        )}
      </div>
    </div>
  );
}

function LeaveMessage({ api, department, onBack }: { api: ApiClient; department: ChatDepartment; onBack?: (() => void) | undefined }) {
  const t = useChatText();
  const [ticketId, setTicketId] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (ticketId) return <Alert type="success" showIcon data-testid="chat-ticket-created" message={t('chat.leaveDone', { ticketId })} />;
  const submit = async (values: Omit<ChatLeaveMessageRequest, 'department'>) => {
    setBusy(true);
    try {
      setTicketId((await api.post(ChatPath.leaveMessage, { ...values, department }, ChatTicketCreated)).ticketId);
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form layout="vertical" size="small" onFinish={submit} data-testid="chat-leave-form">
      <Alert type="info" message={t('chat.offline')} style={{ marginBottom: 8 }} />
      <Form.Item name="name" label={t('chat.name')} rules={[{ required: true, whitespace: true, message: t('chat.nameRequired') }]}>
        <Input maxLength={40} data-testid="chat-leave-name" />
      </Form.Item>
      <Form.Item name="contact" label={t('chat.contact')} rules={[{ required: true, min: 3, message: t('chat.contactRequired') }]}>
        <Input maxLength={60} data-testid="chat-leave-contact" />
      </Form.Item>
      <Form.Item name="content" label={t('chat.content')} rules={[{ required: true, whitespace: true, message: t('chat.contentRequired') }]}>
        <Input.TextArea rows={3} maxLength={CHAT_TEXT_MAX} data-testid="chat-leave-content" />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="chat-leave-submit">
          {t('chat.leaveSubmit')}
        </Button>
        {onBack && <Button onClick={onBack}>{t('chat.backToChat')}</Button>}
      </Space>
    </Form>
  );
}

export interface ChatPanelProps {
  api: ApiClient;
  /** The department the page's questions go to. */
  department: ChatDepartment;
}

/** The visitor's side of a customer-service conversation: messages live over the hub, text and images, or a message left when nobody is on line. */
export function ChatPanel({ api, department }: ChatPanelProps) {
  const t = useChatText();
  const [session, setSession] = useState<ChatSession | undefined>(() => storedSession(department));
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [leaving, setLeaving] = useState(false);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [closed, setClosed] = useState(false);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (session) return;
    let cancelled = false;
    void api
      .post(ChatPath.start, { department }, ChatSession)
      .then((started) => {
        if (cancelled) return;
        window.sessionStorage.setItem(storageKey(department), JSON.stringify(started));
        setSession(started);
        if (!started.online) setLeaving(true);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [api, department, session]);

  const reload = useCallback(() => {
    if (!session) return;
    api
      .post(ChatPath.messages, { conversationId: session.conversationId, token: session.token }, ChatMessages)
      .then((all) => {
        setMessages((shown) => merged(shown, all));
        setClosed(all.some((m) => m.sender === 'system' && m.text === 'closed'));
      })
      .catch((error: unknown) => {
        // Only a conversation the server no longer knows starts afresh; a network hiccup keeps it.
        if (!(error instanceof ApiError) || error.httpStatus !== 404) return;
        window.sessionStorage.removeItem(storageKey(department));
        setMessages([]);
        setSession(undefined);
      });
  }, [api, department, session]);

  useEffect(reload, [reload]);
  useLiveTopic(
    session ? WsTopic.of('chat', session.channel) : undefined,
    (push) => {
      const data = push.data as ChatPush;
      setMessages((shown) => merged(shown, [data.message]));
      if (data.status === 'C') setClosed(true);
    },
    reload,
  );
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [messages]);

  if (!session) return <Spin data-testid="chat-starting" />;
  if (leaving) return <LeaveMessage api={api} department={department} onBack={session.online ? () => setLeaving(false) : undefined} />;

  const send = async () => {
    if (text.trim() === '') return;
    setSending(true);
    try {
      const sent = await api.post(ChatPath.send, { conversationId: session.conversationId, token: session.token, text }, ChatMessage);
      setMessages((shown) => merged(shown, [sent]));
      setText('');
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSending(false);
    }
  };
  const sendImage = async (file: File) => {
    try {
      const sent = await api.upload(`${ChatPath.image}?conversationId=${session.conversationId}&token=${encodeURIComponent(session.token)}`, file, ChatMessage);
      setMessages((shown) => merged(shown, [sent]));
    } catch {
      // The API client has shown the server's message.
    }
    return false;
  };
  const restart = () => {
    window.sessionStorage.removeItem(storageKey(department));
    setMessages([]);
    setClosed(false);
    setSession(undefined);
  };

  return (
    <div data-testid="chat-panel" data-conversation={session.conversationId}>
      <div ref={list} style={{ height: 280, overflowY: 'auto', padding: 4 }} data-testid="chat-messages">
        {messages.length === 0 ? <div style={{ color: '#8a8f98' }}>{t('chat.welcome', { department: t(`chat.departments.${department}`) })}</div> : messages.map((m) => <Bubble key={m.messageId} message={m} session={session} />)}
      </div>
      {closed ? (
        <Button block onClick={restart} data-testid="chat-restart">
          {t('chat.restart')}
        </Button>
      ) : (
        <>
          <Input.TextArea
            rows={2}
            value={text}
            maxLength={CHAT_TEXT_MAX}
            placeholder={t('chat.placeholder')}
            onChange={(e) => setText(e.target.value)}
            onPressEnter={(e) => {
              if (!e.shiftKey) {
                e.preventDefault();
                void send();
              }
            }}
            data-testid="chat-input"
          />
          <Space style={{ marginTop: 6, justifyContent: 'space-between', width: '100%' }}>
            <Space>
              <Upload accept="image/png,image/jpeg" showUploadList={false} beforeUpload={sendImage}>
                <Button size="small" data-testid="chat-image">
                  {t('chat.image')}
                </Button>
              </Upload>
              <Button size="small" type="link" onClick={() => setLeaving(true)} data-testid="chat-leave">
                {t('chat.leave')}
              </Button>
            </Space>
            <Button type="primary" size="small" loading={sending} onClick={() => void send()} data-testid="chat-send">
              {t('chat.send')}
            </Button>
          </Space>
        </>
      )}
    </div>
  );
}

/** The chat as a window in the page's corner: the department in its title, a button to hide it. */
export function ChatWindow({ api, department, onClose }: ChatWidgetProps & { api: ApiClient }) {
  const t = useChatText();
  return (
    <Card
      size="small"
      data-testid="chat-window"
      title={t('chat.title', { department: t(`chat.departments.${department}`) })}
      extra={
        <Button size="small" type="text" onClick={onClose} data-testid="chat-hide">
          {t('chat.close')}
        </Button>
      }
      style={{ position: 'fixed', right: 20, bottom: 20, width: 360, zIndex: 1000, boxShadow: '0 4px 16px rgba(0,0,0,0.2)' }}
    >
      <ChatPanel api={api} department={department} />
    </Card>
  );
}
