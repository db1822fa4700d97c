import { useState } from 'react';
import { App, Button, Card, Form, Input, Modal, Popconfirm, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AddressBookEntry } from '@tp/contract';
import { applyFieldErrors, useFormRules } from '@tp/web-kit';
import { useAssetList } from '../../../api/assets';
import { useAddToBook, useAddressBook, useRemoveFromBook, useSaveWalletSettings, useWalletSettings } from '../../../api/wallet';
import { addressRefusal } from '../components/addressRule';
import { useSecurityCode } from '../../../components/useSecurityCode';

interface AddValues {
  asset: string;
  label: string;
  address: string;
}

const PAGE_SIZE = 10;

/** `/assets/addresses`: the withdrawal address book and the whitelist mode that limits withdrawals to it. */
export function AddressBookPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rules = useFormRules();
  const assets = useAssetList();
  const book = useAddressBook();
  const settings = useWalletSettings();
  const add = useAddToBook();
  const remove = useRemoveFromBook();
  const [form] = Form.useForm<AddValues>();
  const assetCode = Form.useWatch('asset', form);
  const [switching, setSwitching] = useState(false);

  function checkAddress(_: unknown, value: string | undefined) {
    const address = (value ?? '').trim();
    const asset = assets.data?.find((a) => a.code === assetCode);
    if (!address || !asset) return Promise.resolve();
    const refusal = addressRefusal(address, asset);
    return refusal ? Promise.reject(new Error(t(`wallet.addressRule.${refusal.rule}`, refusal.params))) : Promise.resolve();
  }

  async function submit(values: AddValues) {
    try {
      await add.mutateAsync({ asset: values.asset, label: values.label.trim(), address: values.address.trim() });
      void message.success(t('wallet.book.added'));
      form.resetFields(['label', 'address']);
    } catch (error) {
      applyFieldErrors(form, error);
    }
  }

  const whitelistOnly = settings.data?.whitelistOnly === true;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={<h1 className="ex-heading" data-testid="page-heading">{t('wallet.book.title')}</h1>}>
        {settings.isPending ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : (
          <Space wrap size={16}>
            <Typography.Text strong>{t('wallet.book.whitelist')}</Typography.Text>
            <Tag color={whitelistOnly ? 'green' : 'default'} data-testid="whitelist-state">
              {t(whitelistOnly ? 'wallet.book.whitelistOn' : 'wallet.book.whitelistOff')}
            </Tag>
            <Button onClick={() => setSwitching(true)} data-testid="whitelist-switch">
              {t(whitelistOnly ? 'wallet.book.turnOff' : 'wallet.book.turnOn')}
            </Button>
            <Typography.Text type="secondary">{t('wallet.book.whitelistHint')}</Typography.Text>
          </Space>
        )}
      </Card>
      <Card title={t('wallet.book.addTitle')}>
        <Form<AddValues> form={form} name="addressBook" layout="vertical" style={{ maxWidth: 520 }} initialValues={{ asset: 'USDT' }} onFinish={(values) => void submit(values)}>
          <Form.Item name="asset" label={t('wallet.book.asset')} rules={[rules.required(t('wallet.book.asset'))]}>
            <Select options={(assets.data ?? []).map((a) => ({ value: a.code, label: `${a.code} (${a.chain})` }))} onChange={() => void form.validateFields(['address']).catch(() => undefined)} />
          </Form.Item>
          <Form.Item name="label" label={t('wallet.book.label')} rules={[rules.required(t('wallet.book.label'))]}>
            <Input maxLength={30} placeholder={t('wallet.book.labelPlaceholder')} />
          </Form.Item>
          <Form.Item name="address" label={t('wallet.book.address')} rules={[rules.required(t('wallet.book.address')), { validator: checkAddress }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={add.isPending} data-testid="book-add">
            {t('wallet.book.submit')}
          </Button>
        </Form>
      </Card>
      <Card>
        <Table<AddressBookEntry>
          data-testid="address-book"
          rowKey="id"
          loading={book.isPending}
          dataSource={book.data ?? []}
          locale={{ emptyText: book.isPending ? ' ' : t('wallet.book.empty') }}
          pagination={{ pageSize: PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('wallet.book.label'), dataIndex: 'label' },
            { title: t('wallet.book.asset'), dataIndex: 'asset' },
            { title: t('wallet.book.address'), dataIndex: 'address', render: (v: string) => <Typography.Text copyable>{v}</Typography.Text> },
            { title: t('wallet.book.addedAt'), dataIndex: 'createdAt', render: (v: string) => new Date(v).toLocaleString() },
            {
              title: t('wallet.book.state'),
              key: 'state',
              render: (_, row) =>
                row.usable ? <Tag color="green">{t('wallet.book.usable')}</Tag> : <Tag color="gold">{t('wallet.book.usableFrom', { time: new Date(row.usableAt).toLocaleString() })}</Tag>,
            },
            {
              title: '',
              key: 'delete',
              render: (_, row) => (
                <Popconfirm
                  title={t('wallet.book.deleteConfirm', { label: row.label })}
                  okText={t('wallet.book.confirm')}
                  cancelText={t('wallet.book.cancel')}
                  onConfirm={async () => {
                    await remove.mutateAsync(row.id);
                    void message.success(t('wallet.book.deleted'));
                  }}
                >
                  <Button size="small" danger data-testid={`book-delete-${row.id}`}>
                    {t('wallet.book.delete')}
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </Card>
      {switching ? <WhitelistSwitch turnOn={!whitelistOnly} onClose={() => setSwitching(false)} /> : null}
    </Space>
  );
}

/** Turning the whitelist on or off asks for the fund password, and the two-factor code when it is on. */
function WhitelistSwitch({ turnOn, onClose }: { turnOn: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rules = useFormRules();
  const save = useSaveWalletSettings();
  const secondFactor = useSecurityCode();
  const [form] = Form.useForm<{ fundPassword: string; totpCode?: string }>();

  async function submit(values: { fundPassword: string; totpCode?: string }) {
    try {
      await save.mutateAsync({ whitelistOnly: turnOn, fundPassword: values.fundPassword, ...secondFactor.valueOf(values) });
      void message.success(t('wallet.book.saved'));
      onClose();
    } catch (error) {
      if (!secondFactor.catchRefusal(error)) applyFieldErrors(form, error);
    }
  }

  return (
    <Modal
      open
      title={t(turnOn ? 'wallet.book.turnOn' : 'wallet.book.turnOff')}
      okText={t('wallet.book.confirm')}
      cancelText={t('wallet.book.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'whitelist-confirm' } as Record<string, string>}
    >
      <Form form={form} name="whitelist" layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item name="fundPassword" label={t('wallet.book.switchTitle')} rules={[rules.required(t('security.fundPassword'))]}>
          <Input.Password inputMode="numeric" maxLength={20} autoComplete="off" />
        </Form.Item>
        {secondFactor.item}
      </Form>
    </Modal>
  );
}
