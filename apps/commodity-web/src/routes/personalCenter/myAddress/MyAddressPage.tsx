import { useState } from 'react';
import { App, Button, Card, Checkbox, Form, Input, Modal, Popconfirm, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MAX_ADDRESSES, MOBILE_RE, POST_CODE_RE, type AddressRow } from '@tp/contract';
import { QueryStates, applyFieldErrors } from '@tp/web-kit';
import { useAddresses, useDefaultAddress, useDeleteAddress, useSaveAddress } from '../../../api/enterprise';
import { PageGuard, PageTitle, PERSONAL_QUERY } from '../shared/PageGuard';
import { useFieldRules } from '../shared/useFieldRules';

interface Values {
  recipients: string;
  recipientsCellphone: string;
  region: string;
  addressName: string;
  postCode?: string;
  defaultFlag?: boolean;
}

/** `/personalCenter/myAddress`: the user's delivery addresses (one default), for mall orders and pickups. */
export function MyAddressPage() {
  return (
    <PageGuard page="myAddress">
      <AddressBook />
    </PageGuard>
  );
}

function AddressBook() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const addresses = useAddresses();
  const remove = useDeleteAddress();
  const makeDefault = useDefaultAddress();
  const [editing, setEditing] = useState<AddressRow | 'new' | null>(null);
  const count = addresses.data?.length ?? 0;

  return (
    <Card
      title={<PageTitle>{t('enterprise.menu.myAddress')}</PageTitle>}
      extra={
        <Button type="primary" icon={<PlusOutlined />} disabled={count >= MAX_ADDRESSES} onClick={() => setEditing('new')} data-testid="address-add">
          {t('enterprise.address.add')}
        </Button>
      }
    >
      <QueryStates {...PERSONAL_QUERY} query={addresses}>
        <Table<AddressRow>
          rowKey="id"
          data-testid="address-table"
          dataSource={addresses.data ?? []}
          pagination={false}
          locale={{ emptyText: t('enterprise.address.empty') }}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('enterprise.address.recipients'), dataIndex: 'recipients' },
            { title: t('enterprise.address.recipientsCellphone'), dataIndex: 'recipientsCellphone' },
            {
              title: t('enterprise.address.addressName'),
              key: 'address',
              render: (_, row) => (
                <Space>
                  {`${row.region} ${row.addressName}${row.postCode ? `（${row.postCode}）` : ''}`}
                  {row.defaultFlag === '1' ? <Tag color="blue">{t('enterprise.address.default')}</Tag> : null}
                </Space>
              ),
            },
            {
              title: t('enterprise.common.actions'),
              key: 'actions',
              render: (_, row) => (
                <Space>
                  <Button size="small" onClick={() => setEditing(row)}>{t('enterprise.common.edit')}</Button>
                  {row.defaultFlag === '0' ? (
                    <Button size="small" loading={makeDefault.isPending} onClick={() => void makeDefault.mutateAsync(row.id).catch(() => undefined)}>
                      {t('enterprise.address.setDefault')}
                    </Button>
                  ) : null}
                  <Popconfirm
                    title={t('enterprise.address.deleteConfirm')}
                    okText={t('enterprise.common.confirm')}
                    cancelText={t('enterprise.common.cancel')}
                    okButtonProps={{ 'data-testid': 'confirm-delete' }}
                    onConfirm={() => remove.mutateAsync(row.id).then(() => void message.success(t('enterprise.common.deleted')), () => undefined)}
                  >
                    <Button size="small" danger>{t('enterprise.common.delete')}</Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </QueryStates>
      {editing ? <AddressModal row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

function AddressModal({ row, onClose }: { row: AddressRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rules = useFieldRules();
  const save = useSaveAddress();
  const [form] = Form.useForm<Values>();
  const label = (key: 'recipients' | 'recipientsCellphone' | 'region' | 'addressName' | 'postCode') => t(`enterprise.address.${key}`);

  async function onOk() {
    const values = await form.validateFields();
    try {
      await save.mutateAsync({
        ...(row ? { id: row.id } : {}),
        recipients: values.recipients.trim(),
        recipientsCellphone: values.recipientsCellphone.trim(),
        region: values.region.trim(),
        addressName: values.addressName.trim(),
        postCode: values.postCode?.trim() ?? '',
        defaultFlag: values.defaultFlag ? '1' : '0',
      });
      void message.success(t('enterprise.common.saved'));
      onClose();
    } catch (error) {
      applyFieldErrors(form, error);
    }
  }

  return (
    <Modal open title={row ? t('enterprise.address.edit') : t('enterprise.address.add')} okText={t('enterprise.common.save')} cancelText={t('enterprise.common.cancel')} confirmLoading={save.isPending} onOk={() => void onOk().catch(() => undefined)} onCancel={onClose} destroyOnHidden okButtonProps={{ 'data-testid': 'address-save' }}>
      <Form<Values> form={form} name="address" layout="vertical" initialValues={row ? { ...row, defaultFlag: row.defaultFlag === '1' } : { defaultFlag: false }}>
        <Form.Item name="recipients" label={label('recipients')} rules={rules.text(label('recipients'), 2, 30)}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="recipientsCellphone" label={label('recipientsCellphone')} rules={rules.pattern(label('recipientsCellphone'), MOBILE_RE)}>
          <Input maxLength={11} inputMode="numeric" />
        </Form.Item>
        <Form.Item name="region" label={label('region')} rules={rules.text(label('region'), 2, 60)}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="addressName" label={label('addressName')} rules={rules.text(label('addressName'), 4, 120)}>
          <Input.TextArea maxLength={120} rows={2} />
        </Form.Item>
        <Form.Item name="postCode" label={`${label('postCode')}（${t('enterprise.address.optional')}）`} rules={rules.pattern(label('postCode'), POST_CODE_RE, false)}>
          <Input maxLength={6} inputMode="numeric" />
        </Form.Item>
        <Form.Item name="defaultFlag" valuePropName="checked">
          <Checkbox>{t('enterprise.address.defaultFlag')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
