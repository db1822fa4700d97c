import { useState } from 'react';
import { Badge, Button, Card, Col, Empty, Input, List, Modal, Popconfirm, Row, Select, Space, Table, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHAT_DEPARTMENTS, WsTopic, type ChatConversation, type ChatDepartment, type ChatMessage, type ChatTicket, type ChatTicketStatus } from '@tp/contract';
import { QueryStates, runAction, useLiveTopics } from '@tp/web-kit';
import { PageCard } from '../../components/PageCard';
import {
  refreshConversations,
  useAnswerTicket,
  useCanned,
  useCloseConversation,
  useDeleteCanned,
  useHistory,
  useImage,
  useMessages,
  usePresence,
  useQueue,
  useReply,
  useSaveCanned,
  useTickets,
  useTransfer,
} from './api';

const visitorLabel = (c: ChatConversation, t: (k: 'chat.visitor', o: { id: string }) => string) => c.visitorName || t('chat.visitor', { id: c.conversationId });

function MessageImage({ url }: { url: string }) {
  const image = useImage(url);
  return image.data ? <img src={image.data} alt="" style={{ maxWidth: 180 }} data-testid="chat-message-image" /> : null;
}

function MessageLine({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  if (message.sender === 'system') {
    const [kind, from, to] = message.text.split(':') as [string, ChatDepartment, ChatDepartment];
    return (
      <div style={{ textAlign: 'center', color: '#8a8f98', fontSize: 12 }}>
        {kind === 'transfer' ? t('chat.transferred', { from: t(`chat.departments.${from}`), to: t(`chat.departments.${to}`) }) : t('chat.closedBy', { name: message.staffName ?? '' })}
      </div>
    );
  }
  const staff = message.sender === 'staff';
  return (
    <div style={{ textAlign: staff ? 'right' : 'left', margin: '6px 0' }} data-testid={`console-message-${message.sender}`}>
      <div style={{ fontSize: 12, color: '#8a8f98' }}>
        {staff ? message.staffName : t('chat.visitorSays')} · {new Date(message.time).toLocaleTimeString()}
      </div>
      <div style={{ display: 'inline-block', padding: '6px 10px', borderRadius: 8, background: staff ? '#e6f4ff' : '#f5f5f5', whiteSpace: 'pre-wrap', maxWidth: '85%' }}>
        {message.imageUrl ? <MessageImage url={message.imageUrl} /> : message.text}
      </div>
    </div>
  );
}

function Conversation({ conversation, readOnly }: { conversation: ChatConversation; readOnly?: boolean }) {
  const { t } = useTranslation();
  const messages = useMessages(conversation.conversationId);
  const canned = useCanned();
  const reply = useReply();
  const transfer = useTransfer();
  const close = useCloseConversation();
  const [text, setText] = useState('');
  const [to, setTo] = useState<ChatDepartment>();
  const open = !readOnly && conversation.status !== 'C';
  const send = () =>
    void runAction(async () => {
      await reply.mutateAsync({ conversationId: conversation.conversationId, text });
      setText('');
    });
  return (
    <Card size="small" title={`${visitorLabel(conversation, t)} · ${t(`chat.departments.${conversation.department}`)}`} data-testid="console-conversation" data-conversation={conversation.conversationId}>
      <div style={{ height: 320, overflowY: 'auto' }} data-testid="console-messages">
        <QueryStates query={messages} keys="chat" empty={(messages.data ?? []).length === 0}>
          {(messages.data ?? []).map((m) => (
            <MessageLine key={m.messageId} message={m} />
          ))}
        </QueryStates>
      </div>
      {open && (
        <>
          <Select
            style={{ width: '100%', margin: '8px 0' }}
            placeholder={t('chat.canned.pick')}
            value={null}
            onChange={(value: string | null) => value && setText(value)}
            options={(canned.data ?? []).filter((c) => c.department === null || c.department === conversation.department).map((c) => ({ value: c.text, label: c.text }))}
            data-testid="console-canned"
          />
          <Input.TextArea rows={3} value={text} maxLength={1000} onChange={(e) => setText(e.target.value)} data-testid="console-reply-text" />
          <Space style={{ marginTop: 8 }} wrap>
            <Button type="primary" disabled={text.trim() === ''} loading={reply.isPending} onClick={send} data-testid="console-reply">
              {t('chat.reply')}
            </Button>
            <Select<ChatDepartment>
              style={{ width: 140 }}
              placeholder={t('chat.transferTo')}
              value={to}
              onChange={setTo}
              options={CHAT_DEPARTMENTS.filter((d) => d !== conversation.department).map((d) => ({ value: d, label: t(`chat.departments.${d}`) }))}
            />
            <Popconfirm title={t('chat.transferConfirm')} onConfirm={() => to && void runAction(() => transfer.mutateAsync({ conversationId: conversation.conversationId, department: to }))}>
              <Button disabled={!to} data-testid="console-transfer">
                {t('chat.transfer')}
              </Button>
            </Popconfirm>
            <Popconfirm title={t('chat.closeConfirm')} onConfirm={() => void runAction(() => close.mutateAsync(conversation.conversationId))}>
              <Button danger data-testid="console-close">
                {t('chat.close')}
              </Button>
            </Popconfirm>
          </Space>
        </>
      )}
    </Card>
  );
}

function Queue({ department }: { department: ChatDepartment }) {
  const { t } = useTranslation();
  const queue = useQueue(department);
  const [selected, setSelected] = useState<string>();
  const list = queue.data ?? [];
  const current = list.find((c) => c.conversationId === selected);
  return (
    <Row gutter={16}>
      <Col xs={24} md={9}>
        <QueryStates query={queue} keys="chat" empty={list.length === 0} emptyText={t('chat.queueEmpty')}>
          <List<ChatConversation>
            size="small"
            bordered
            dataSource={list}
            renderItem={(c) => (
              <List.Item onClick={() => setSelected(c.conversationId)} style={{ cursor: 'pointer', background: c.conversationId === selected ? '#e6f4ff' : undefined }} data-testid={`queue-item-${c.conversationId}`}>
                <List.Item.Meta
                  title={
                    <Space>
                      {visitorLabel(c, t)}
                      <Tag color={c.status === 'W' ? 'orange' : 'blue'}>{t(`chat.status.${c.status}`)}</Tag>
                      {!c.loggedIn && <Tag>{t('chat.notLoggedIn')}</Tag>}
                    </Space>
                  }
                  description={c.lastMessage === '[图片]' ? t('chat.image') : c.lastMessage}
                />
              </List.Item>
            )}
          />
        </QueryStates>
      </Col>
      <Col xs={24} md={15}>{current ? <Conversation key={current.conversationId} conversation={current} /> : <Empty description={t('chat.pick')} />}</Col>
    </Row>
  );
}

function History() {
  const { t } = useTranslation();
  const [query, setQuery] = useState<{ page: number; keyword?: string; department?: ChatDepartment }>({ page: 0 });
  const history = useHistory({ ...query, size: 20 });
  const [shown, setShown] = useState<ChatConversation>();
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Select<ChatDepartment> allowClear style={{ width: 140 }} placeholder={t('chat.department')} onChange={(department) => setQuery({ page: 0, keyword: query.keyword, ...(department ? { department } : {}) })} options={CHAT_DEPARTMENTS.map((d) => ({ value: d, label: t(`chat.departments.${d}`) }))} />
        <Input.Search allowClear placeholder={t('chat.keyword')} onSearch={(keyword) => setQuery({ ...query, page: 0, keyword: keyword || undefined })} style={{ width: 220 }} />
      </Space>
      <QueryStates query={history} keys="chat" empty={(history.data?.content ?? []).length === 0} emptyText={t('chat.historyEmpty')}>
        <Table<ChatConversation>
          size="small"
          rowKey="conversationId"
          dataSource={history.data?.content ?? []}
          pagination={{ current: query.page + 1, pageSize: 20, total: history.data?.total ?? 0, showSizeChanger: false, onChange: (page) => setQuery({ ...query, page: page - 1 }) }}
          onRow={(c) => ({ onClick: () => setShown(c), style: { cursor: 'pointer' } })}
          columns={[
            { title: t('chat.visitorName'), key: 'visitor', render: (_: unknown, c) => visitorLabel(c, t) },
            { title: t('chat.department'), dataIndex: 'department', render: (d: ChatDepartment) => t(`chat.departments.${d}`) },
            { title: t('chat.staffName'), dataIndex: 'staffName' },
            { title: t('chat.lastMessage'), dataIndex: 'lastMessage' },
            { title: t('chat.time'), dataIndex: 'lastMessageAt', render: (v: string | null) => (v ? new Date(v).toLocaleString() : '-') },
          ]}
        />
      </QueryStates>
      <Modal open={shown !== undefined} footer={null} onCancel={() => setShown(undefined)} width={640}>
        {shown && <Conversation conversation={shown} readOnly />}
      </Modal>
    </>
  );
}

function Tickets() {
  const { t } = useTranslation();
  const [query, setQuery] = useState<{ page: number; status?: ChatTicketStatus }>({ page: 0, status: 'W' });
  const tickets = useTickets({ ...query, size: 20 });
  const answer = useAnswerTicket();
  const [answering, setAnswering] = useState<ChatTicket>();
  const [text, setText] = useState('');
  return (
    <>
      <Select<ChatTicketStatus | 'all'>
        style={{ width: 160, marginBottom: 8 }}
        value={query.status ?? 'all'}
        onChange={(status) => setQuery({ page: 0, ...(status === 'all' ? {} : { status }) })}
        options={[{ value: 'all', label: t('chat.tickets.all') }, { value: 'W', label: t('chat.tickets.status.W') }, { value: 'T', label: t('chat.tickets.status.T') }]}
      />
      <QueryStates query={tickets} keys="chat" empty={(tickets.data?.content ?? []).length === 0} emptyText={t('chat.tickets.empty')}>
        <Table<ChatTicket>
          size="small"
          rowKey="ticketId"
          dataSource={tickets.data?.content ?? []}
          pagination={{ current: query.page + 1, pageSize: 20, total: tickets.data?.total ?? 0, showSizeChanger: false, onChange: (page) => setQuery({ ...query, page: page - 1 }) }}
          columns={[
            { title: t('chat.department'), dataIndex: 'department', render: (d: ChatDepartment) => t(`chat.departments.${d}`) },
            { title: t('chat.visitorName'), dataIndex: 'name' },
            { title: t('chat.tickets.contact'), dataIndex: 'contact' },
            { title: t('chat.tickets.content'), dataIndex: 'content' },
            { title: t('chat.time'), dataIndex: 'createdAt', render: (v: string) => new Date(v).toLocaleString() },
            { title: t('chat.tickets.answer'), dataIndex: 'answer', render: (v: string | null, row) => v ?? <Button size="small" onClick={() => { setAnswering(row); setText(''); }}>{t('chat.tickets.answerAction')}</Button> },
          ]}
        />
      </QueryStates>
      <Modal
        open={answering !== undefined}
        title={t('chat.tickets.answerAction')}
        okButtonProps={{ disabled: text.trim() === '', loading: answer.isPending }}
        onCancel={() => setAnswering(undefined)}
        onOk={() => answering && void runAction(async () => {
            await answer.mutateAsync({ ticketId: answering.ticketId, answer: text });
            setAnswering(undefined);
          })}
      >
        <p>{answering?.content}</p>
        <Input.TextArea rows={4} value={text} maxLength={1000} onChange={(e) => setText(e.target.value)} />
      </Modal>
    </>
  );
}

function CannedReplies() {
  const { t } = useTranslation();
  const canned = useCanned();
  const save = useSaveCanned();
  const remove = useDeleteCanned();
  const [text, setText] = useState('');
  const [department, setDepartment] = useState<ChatDepartment | null>(null);
  return (
    <>
      <Space style={{ marginBottom: 8 }} wrap>
        <Select<ChatDepartment | null> style={{ width: 140 }} value={department} onChange={setDepartment} options={[{ value: null, label: t('chat.canned.every') }, ...CHAT_DEPARTMENTS.map((d) => ({ value: d, label: t(`chat.departments.${d}`) }))]} />
        <Input style={{ width: 360 }} value={text} maxLength={1000} onChange={(e) => setText(e.target.value)} placeholder={t('chat.canned.text')} data-testid="canned-text" />
        <Button type="primary" disabled={text.trim() === ''} onClick={() => void runAction(async () => {
            await save.mutateAsync({ department, text });
            setText('');
          })} data-testid="canned-add">
          {t('chat.canned.add')}
        </Button>
      </Space>
      <QueryStates query={canned} keys="chat" empty={(canned.data ?? []).length === 0} emptyText={t('chat.canned.empty')}>
        <List
          size="small"
          bordered
          dataSource={canned.data ?? []}
          renderItem={(c) => (
            <List.Item
              actions={[
                <Popconfirm key="delete" title={t('chat.canned.deleteConfirm')} onConfirm={() => void runAction(() => remove.mutateAsync(c.cannedId))}>
                  <Button size="small" danger>
                    {t('chat.canned.delete')}
                  </Button>
                </Popconfirm>,
              ]}
            >
              <Space>
                <Tag>{c.department ? t(`chat.departments.${c.department}`) : t('chat.canned.every')}</Tag>
                {c.text}
              </Space>
            </List.Item>
          )}
        />
      </QueryStates>
    </>
  );
}

/** `/chat`: the customer-service console: a queue per department, replies, transfer and closing, history, tickets and canned replies. */
export function ChatConsolePage() {
  const { t } = useTranslation();
  const presence = usePresence();
  const channels = Object.values(presence.data?.channels ?? {}).map((channel) => WsTopic.of('chat', channel));
  useLiveTopics(channels, () => void refreshConversations(), () => void refreshConversations());
  const waiting = (department: ChatDepartment) => <DepartmentLabel department={department} />;
  return (
    <PageCard title={t('chat.title')}>
      <Tabs
        destroyOnHidden
        items={[
          ...CHAT_DEPARTMENTS.map((d) => ({ key: d, label: waiting(d), children: <Queue department={d} /> })),
          { key: 'history', label: t('chat.history'), children: <History /> },
          { key: 'tickets', label: <span data-testid="tab-tickets">{t('chat.tickets.title')}</span>, children: <Tickets /> },
          { key: 'canned', label: t('chat.canned.title'), children: <CannedReplies /> },
        ]}
      />
    </PageCard>
  );
}

/** A department's tab with the number of conversations waiting for staff. */
function DepartmentLabel({ department }: { department: ChatDepartment }) {
  const { t } = useTranslation();
  const queue = useQueue(department);
  const waiting = (queue.data ?? []).filter((c) => c.status === 'W').length;
  return (
    <span data-testid={`tab-${department}`}>
      <Badge count={waiting} size="small" offset={[8, -2]}>
        {t(`chat.departments.${department}`)}
      </Badge>
    </span>
  );
}
