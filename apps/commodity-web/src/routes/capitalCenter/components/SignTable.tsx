import { useState } from 'react';
import { App, Button, Form, Modal, Space, Table } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, runAction, useSession } from '@tp/web-kit';
import type { BankAccountFields, SignRecord, SignStatus } from '@tp/contract';
import { useModifySign } from '../../../api/bank';
import { paths } from '../../../paths';
import { BankAccountItems } from './BankAccountItems';
import { SignStatusTag } from './status';

/** A channel's signs, newest first, with modify and sign out on a signed one. */
export function SignTable({ signs, testId }: { signs: SignRecord[]; testId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hasRight } = useSession();
  const [editing, setEditing] = useState<SignRecord | null>(null);
  const canSign = hasRight('capital.sign');
  return (
    <>
      <Table<SignRecord>
        rowKey="infoId"
        size="small"
        data-testid={testId}
        dataSource={signs}
        pagination={false}
        locale={{ emptyText: t('capital.empty') }}
        columns={[
          { title: t('capital.field.bank'), dataIndex: 'bankName' },
          { title: t('capital.field.bankAccount'), dataIndex: 'bankAccount', render: (v: string) => v || '-' },
          { title: t('capital.field.bankAccountName'), dataIndex: 'bankAccountName' },
          { title: t('capital.field.openBankName'), dataIndex: 'openBankName', render: (v: string) => v || '-' },
          { title: t('capital.field.signStatus'), dataIndex: 'status', render: (v: SignStatus, row) => <SignStatusTag status={v} testId={`sign-status-${row.bankId}-${row.infoId}`} /> },
          { title: t('capital.field.pendingOp'), dataIndex: 'pendingOp', render: (v: SignRecord['pendingOp']) => (v === 'sign' || v === 'modify' || v === 'unsign' ? t(`capital.pendingOp.${v}`) : '') },
          { title: t('capital.field.reason'), dataIndex: 'reason' },
          {
            title: t('capital.field.actions'),
            key: 'actions',
            render: (_, row) => (
              <Space>
                {canSign && row.status === '0' && (
                  <Button size="small" type="primary" onClick={() => void navigate(`${paths.capitalSign}?bankId=${row.bankId}`)} data-testid={`sign-now-${row.infoId}`}>
                    {t('capital.menu.sign')}
                  </Button>
                )}
                {canSign && row.status === '1' && (
                  <>
                    <Button size="small" onClick={() => setEditing(row)} data-testid={`modify-${row.infoId}`}>
                      {t('capital.modify')}
                    </Button>
                    <Button size="small" danger onClick={() => void navigate(`${paths.capitalUnsign}?infoId=${row.infoId}`)}>
                      {t('capital.menu.unsign')}
                    </Button>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
      <ModifyModal sign={editing} onClose={() => setEditing(null)} />
    </>
  );
}

function ModifyModal({ sign, onClose }: { sign: SignRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const modify = useModifySign();
  const [form] = Form.useForm<BankAccountFields>();
  async function onOk() {
    if (!sign) return;
    const values = await form.validateFields();
    try {
      await modify.mutateAsync({ ...values, infoId: sign.infoId });
      void message.success(t('capital.signSent'));
      onClose();
    } catch (error) {
      applyFieldErrors(form, error);
    }
  }
  return (
    <Modal open={sign !== null} title={t('capital.modify')} onCancel={onClose} onOk={() => void runAction(onOk)} confirmLoading={modify.isPending} destroyOnHidden>
      {sign && (
        <Form form={form} layout="vertical" initialValues={{ bankAccount: sign.bankAccount, bankAccountName: sign.bankAccountName, openBankName: sign.openBankName, openBankNum: sign.openBankNum }}>
          <BankAccountItems />
        </Form>
      )}
    </Modal>
  );
}
