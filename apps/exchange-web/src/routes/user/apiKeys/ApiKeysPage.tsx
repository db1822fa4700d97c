import { useState } from 'react';
import { Alert, App, Button, Card, Checkbox, Descriptions, Empty, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { API_KEY_IP_MAX, API_KEY_LABEL_MAX, IpAddress, MAX_API_KEYS, type ApiKey, type ApiKeyScope, type CreatedApiKey } from '@tp/contract';
import { applyFieldErrors, useFormRules } from '@tp/web-kit';
import { CopyButton } from '../../../components/CopyButton';
import { SecondFactorField, secondFactorOf } from '../../../components/SecondFactorField';
import { useApiKeys, useCreateApiKey, useDeleteApiKey } from '../../../api/apikeys';

const EXPIRY_DAYS = [0, 30, 90, 180, 365] as const;
type ExpiryDays = (typeof EXPIRY_DAYS)[number];

interface CreateValues {
  label: string;
  scopes: ApiKeyScope[];
  ipWhitelist?: string;
  expiryDays: ExpiryDays;
  totpCode?: string;
}

/** The addresses typed one per line (or separated by commas or spaces). */
const ipsOf = (text: string | undefined) => (text ?? '').split(/[\s,]+/).filter(Boolean);

/** `/user/api-keys`: API keys for trading programs; the secret is shown once, on creation. */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={<h1 className="ex-heading" data-testid="page-heading">{t('apiKeys.title')}</h1>}>
        <Typography.Paragraph type="secondary">{t('apiKeys.intro', { max: MAX_API_KEYS })}</Typography.Paragraph>
        <CreateForm onCreated={setCreated} />
      </Card>
      <Card title={t('apiKeys.list')}>
        <KeyList />
      </Card>
      <SecretModal created={created} onClose={() => setCreated(null)} />
    </Space>
  );
}

function CreateForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const { t } = useTranslation();
  const rules = useFormRules();
  const create = useCreateApiKey();
  const [form] = Form.useForm<CreateValues>();

  async function onFinish(values: CreateValues) {
    try {
      const key = await create.mutateAsync({
        label: values.label.trim(),
        scopes: values.scopes,
        ipWhitelist: ipsOf(values.ipWhitelist),
        ...(values.expiryDays ? { expiresAt: new Date(Date.now() + values.expiryDays * 86_400_000).toISOString() } : {}),
        ...secondFactorOf(values.totpCode),
      });
      form.resetFields();
      // The secret lives only in the dialog: not in the mutation's cached result.
      create.reset();
      onCreated(key);
    } catch (error) {
      applyFieldErrors(form, error);
    }
  }

  const expiryLabels: Record<ExpiryDays, string> = {
    0: t('apiKeys.never'),
    30: t('apiKeys.days30'),
    90: t('apiKeys.days90'),
    180: t('apiKeys.days180'),
    365: t('apiKeys.days365'),
  };

  const validateIps = (_: unknown, value: string | undefined) => {
    const ips = ipsOf(value);
    if (ips.length > API_KEY_IP_MAX) return Promise.reject(new Error(t('apiKeys.ipTooMany', { max: API_KEY_IP_MAX })));
    const bad = ips.find((ip) => !IpAddress.safeParse(ip).success);
    return bad ? Promise.reject(new Error(t('apiKeys.ipInvalid', { ip: bad }))) : Promise.resolve();
  };

  return (
    <Form<CreateValues>
      form={form}
      name="createApiKey"
      layout="vertical"
      style={{ maxWidth: 480 }}
      initialValues={{ scopes: ['read'], expiryDays: 90 }}
      onFinish={(values) => void onFinish(values)}
    >
      <Form.Item name="label" label={t('apiKeys.label')} rules={[rules.required(t('apiKeys.label')), { max: API_KEY_LABEL_MAX, message: t('apiKeys.labelRule', { max: API_KEY_LABEL_MAX }) }]}>
        <Input maxLength={API_KEY_LABEL_MAX} showCount placeholder={t('apiKeys.labelPlaceholder')} data-testid="apikey-label" />
      </Form.Item>
      <Form.Item name="scopes" label={t('apiKeys.scopes')}>
        <Checkbox.Group
          options={[
            { value: 'read', label: t('apiKeys.scopeRead'), disabled: true },
            { value: 'trade', label: <span data-testid="apikey-scope-trade">{t('apiKeys.scopeTrade')}</span> },
          ]}
        />
      </Form.Item>
      <Form.Item name="ipWhitelist" label={t('apiKeys.ipWhitelist')} extra={t('apiKeys.ipHint', { max: API_KEY_IP_MAX })} rules={[{ validator: validateIps }]}>
        <Input.TextArea rows={3} placeholder={t('apiKeys.ipPlaceholder')} data-testid="apikey-ips" />
      </Form.Item>
      <Form.Item name="expiryDays" label={t('apiKeys.expiry')}>
        <Select<ExpiryDays>
          style={{ width: 200 }}
          options={EXPIRY_DAYS.map((days) => ({ value: days, label: expiryLabels[days] }))}
        />
      </Form.Item>
      <SecondFactorField />
      <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="apikey-create">
        {t('apiKeys.create')}
      </Button>
    </Form>
  );
}

function SecretModal({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={created !== null}
      title={t('apiKeys.createdTitle')}
      mask={{ closable: false }}
      keyboard={false}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="apikey-secret-saved">
          {t('apiKeys.saved')}
        </Button>
      }
      width={640}
    >
      {created && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Alert type="warning" showIcon title={t('apiKeys.secretWarning')} />
          <Descriptions
            column={1}
            bordered
            size="small"
            items={[
              { key: 'apiKey', label: t('apiKeys.apiKey'), children: <Secret text={created.apiKey} testId="apikey-created-key" /> },
              { key: 'secret', label: t('apiKeys.secret'), children: <Secret text={created.secret} testId="apikey-created-secret" /> },
            ]}
          />
        </Space>
      )}
    </Modal>
  );
}

function Secret({ text, testId }: { text: string; testId: string }) {
  return (
    <Space wrap>
      <Typography.Text code style={{ wordBreak: 'break-all' }} data-testid={testId}>
        {text}
      </Typography.Text>
      <CopyButton text={text} data-testid={`${testId}-copy`} />
    </Space>
  );
}

function KeyList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const keys = useApiKeys();
  const remove = useDeleteApiKey();

  async function onDelete(id: string) {
    try {
      await remove.mutateAsync(id);
      void message.success(t('apiKeys.deleted'));
    } catch {
      // The API client has already shown the server's message.
    }
  }

  const expiry = (at: string | null) => {
    if (!at) return t('apiKeys.never');
    const date = new Date(at);
    return date.getTime() <= Date.now() ? <Tag color="red">{t('apiKeys.expired')}</Tag> : date.toLocaleString();
  };

  return (
    <Table<ApiKey>
      data-testid="apikey-list"
      rowKey="id"
      loading={keys.isPending}
      dataSource={keys.data ?? []}
      pagination={false}
      scroll={{ x: true }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('apiKeys.empty')} /> }}
      columns={[
        { title: t('apiKeys.label'), dataIndex: 'label' },
        {
          title: t('apiKeys.apiKey'),
          dataIndex: 'apiKey',
          render: (v: string) => (
            <Typography.Text code copyable={{ text: v }}>
              {`${v.slice(0, 8)}…${v.slice(-6)}`}
            </Typography.Text>
          ),
        },
        {
          title: t('apiKeys.scopes'),
          dataIndex: 'scopes',
          render: (scopes: ApiKeyScope[]) => scopes.map((s) => <Tag key={s}>{s === 'trade' ? t('apiKeys.scopeTrade') : t('apiKeys.scopeRead')}</Tag>),
        },
        { title: t('apiKeys.ipWhitelist'), dataIndex: 'ipWhitelist', render: (ips: string[]) => (ips.length ? ips.join(', ') : t('apiKeys.anyIp')) },
        { title: t('apiKeys.expiresAt'), dataIndex: 'expiresAt', render: expiry },
        { title: t('apiKeys.createdAt'), dataIndex: 'createdAt', render: (v: string) => new Date(v).toLocaleString() },
        {
          title: t('apiKeys.actions'),
          key: 'actions',
          render: (_: unknown, row) => (
            <Popconfirm title={t('apiKeys.deleteConfirm')} okText={t('apiKeys.delete')} okButtonProps={{ danger: true }} cancelText={t('apiKeys.cancel')} onConfirm={() => onDelete(row.id)}>
              <Button danger size="small" data-testid={`apikey-delete-${row.id}`}>
                {t('apiKeys.delete')}
              </Button>
            </Popconfirm>
          ),
        },
      ]}
    />
  );
}
