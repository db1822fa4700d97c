import { Button, Checkbox, Form, Input, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_ADDRESSES, MOBILE_RE, POST_CODE_RE, type AddressRow } from '@tp/contract';
import { useAddresses, useDefaultAddress, useDeleteAddress, useSaveAddress } from '../../../api/enterprise';
import { guardedPage } from '../shared/PageGuard';
import { EditDeleteActions, EditorModal, RecordList, useEditorSave } from '../shared/RecordList';
import { useFieldRules } from '../shared/useFieldRules';

interface Values {
  recipients: string;
  recipientsCellphone: string;
  region: string;
  addressName: string;
  postCode?: string;
  defaultFlag?: boolean;
}

function AddressBook() {
  const { t } = useTranslation();
  const addresses = useAddresses();
  const remove = useDeleteAddress();
  const makeDefault = useDefaultAddress();

  return (
    <RecordList<AddressRow>
      texts={{ menu: 'myAddress', name: 'address', addLabel: t('enterprise.address.add'), emptyText: t('enterprise.address.empty') }}
      addDisabled={(addresses.data?.length ?? 0) >= MAX_ADDRESSES}
      query={addresses}
      rowKey="id"
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
      ]}
      actions={(row, edit) => (
        <EditDeleteActions onEdit={edit} deleteTitle={t('enterprise.address.deleteConfirm')} onDelete={() => remove.mutateAsync(row.id)}>
          {row.defaultFlag === '0' ? (
            <Button size="small" loading={makeDefault.isPending} onClick={() => void makeDefault.mutateAsync(row.id).catch(() => undefined)}>
              {t('enterprise.address.setDefault')}
            </Button>
          ) : null}
        </EditDeleteActions>
      )}
      Editor={AddressModal}
    />
  );
}

/** `/personalCenter/myAddress`: the user's delivery addresses (one default), for mall orders and pickups. */
export const MyAddressPage = guardedPage('myAddress', AddressBook);

function AddressModal({ row, onClose }: { row: AddressRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const save = useSaveAddress();
  const [form] = Form.useForm<Values>();
  const label = (key: 'recipients' | 'recipientsCellphone' | 'region' | 'addressName' | 'postCode') => t(`enterprise.address.${key}`);
  const onSave = useEditorSave(form, onClose, (values) =>
    save.mutateAsync({
      ...(row ? { id: row.id } : {}),
      recipients: values.recipients.trim(),
      recipientsCellphone: values.recipientsCellphone.trim(),
      region: values.region.trim(),
      addressName: values.addressName.trim(),
      postCode: values.postCode?.trim() ?? '',
      defaultFlag: values.defaultFlag ? '1' : '0',
    }),
  );

  return (
    <EditorModal title={row ? t('enterprise.address.edit') : t('enterprise.address.add')} saveTestId="address-save" pending={save.isPending} onSave={onSave} onClose={onClose}>
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
    </EditorModal>
  );
}
