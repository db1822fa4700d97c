import { useState } from 'react';
import { Button, Card, Empty, Input, List, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMessages, useSendMessage } from '../../../api/otc';
import { ImageUpload } from '../components/ImageUpload';
import { OtcPicture } from '../components/OtcPicture';

/** The order's chat between buyer and seller: text and pictures, refreshed live by the order's pushes. */
export function Chat({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const messages = useMessages(orderId);
  const send = useSendMessage();
  const [text, setText] = useState('');

  async function sendText() {
    const body = text.trim();
    if (body === '') return;
    await send.mutateAsync({ orderId, text: body });
    setText('');
  }

  return (
    <Card title={t('fiat.chat')} size="small" data-testid="order-chat">
      {messages.isLoading ? null : messages.data?.length ? (
        <List
          size="small"
          dataSource={messages.data}
          style={{ maxHeight: 320, overflowY: 'auto' }}
          renderItem={(m) => (
            <List.Item data-testid="chat-message" style={{ justifyContent: m.mine ? 'flex-end' : 'flex-start' }}>
              <Space direction="vertical" size={2} style={{ textAlign: m.mine ? 'right' : 'left' }}>
                <span className="ex-muted">{`${m.from === 'staff' ? t('fiat.staff') : m.nickname} · ${new Date(m.createdAt).toLocaleTimeString()}`}</span>
                {m.text ? <span>{m.text}</span> : null}
                {m.imageId ? <OtcPicture id={m.imageId} orderId={orderId} alt={t('fiat.chatPicture')} /> : null}
              </Space>
            </List.Item>
          )}
        />
      ) : (
        <Empty description={t('fiat.noMessages')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
      <Space.Compact style={{ width: '100%', marginTop: 8 }}>
        <Input value={text} maxLength={500} onChange={(e) => setText(e.target.value)} onPressEnter={() => void sendText()} placeholder={t('fiat.chatPlaceholder')} data-testid="chat-input" />
        <Button type="primary" loading={send.isPending} onClick={() => void sendText()} data-testid="chat-send">
          {t('fiat.send')}
        </Button>
      </Space.Compact>
      <div style={{ marginTop: 8 }}>
        <ImageUpload testId="chat-image" label={t('fiat.sendPicture')} onUploaded={(imageId) => void send.mutateAsync({ orderId, imageId })} />
      </div>
    </Card>
  );
}
