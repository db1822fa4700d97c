import { useState } from 'react';
import { App, Button, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EXCHANGE_ACCOUNT_TYPES, type AssetOverview, type ExchangeAccountType, type ExchangeAsset } from '@tp/contract';
import { applyFieldErrors } from '@tp/web-kit';
import { useTransfer } from '../../../api/assets';
import { checkAmount, showAmount } from '../amounts';

interface TransferValues {
  asset: string;
  from: ExchangeAccountType;
  to: ExchangeAccountType;
  amount: string;
}

export interface TransferModalProps {
  open: boolean;
  onClose: () => void;
  assets: ExchangeAsset[];
  overview: AssetOverview | undefined;
  initial: { asset: string; from: ExchangeAccountType };
}

const newRequestId = () => crypto.randomUUID().replaceAll('-', '');

/**
 * Moves money between the user's own accounts. One request id per opened dialog, so a retry after
 * a lost answer moves the money once; the move is confirmed before it is sent.
 */
export function TransferModal({ open, onClose, assets, overview, initial }: TransferModalProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const transfer = useTransfer();
  const [form] = Form.useForm<TransferValues>();
  const [requestId, setRequestId] = useState(newRequestId);
  const asset = Form.useWatch('asset', form) ?? initial.asset;
  const from = Form.useWatch('from', form) ?? initial.from;
  const precision = assets.find((a) => a.code === asset)?.precision ?? 8;
  const available =
    overview?.accounts.find((a) => a.accountType === from)?.balances.find((b) => b.asset === asset)?.available ?? '0';
  const accountName = (type: ExchangeAccountType) => t(`assets.account.${type}`);

  function swap() {
    const values = form.getFieldsValue();
    form.setFieldsValue({ from: values.to, to: values.from, amount: '' });
  }

  function submit(values: TransferValues) {
    modal.confirm({
      title: t('assets.transfer.confirmTitle'),
      content: t('assets.transfer.confirmText', { amount: values.amount, asset: values.asset, from: accountName(values.from), to: accountName(values.to) }),
      okText: t('assets.transfer.confirm'),
      cancelText: t('assets.transfer.cancel'),
      okButtonProps: { 'data-testid': 'transfer-confirm' },
      onOk: async () => {
        try {
          await transfer.mutateAsync({ ...values, amount: values.amount.trim(), requestId });
          void message.success(t('assets.transfer.done'));
          setRequestId(newRequestId());
          form.resetFields();
          onClose();
        } catch (error) {
          applyFieldErrors(form, error);
        }
      },
    });
  }

  return (
    <Modal open={open} title={t('assets.transfer.title')} onCancel={onClose} footer={null} destroyOnHidden>
      <Form<TransferValues>
        form={form}
        name="transfer"
        layout="vertical"
        initialValues={{ asset: initial.asset, from: initial.from, to: initial.from === 'spot' ? 'contract' : 'spot', amount: '' }}
        onFinish={submit}
      >
        <Form.Item name="asset" label={t('assets.asset')} rules={[{ required: true }]}>
          <Select options={assets.map((a) => ({ value: a.code, label: a.code }))} data-testid="transfer-asset" />
        </Form.Item>
        <Space align="end" style={{ width: '100%' }}>
          <Form.Item name="from" label={t('assets.transfer.from')} rules={[{ required: true }]}>
            <Select style={{ width: 170 }} options={EXCHANGE_ACCOUNT_TYPES.map((type) => ({ value: type, label: accountName(type) }))} />
          </Form.Item>
          <Form.Item>
            <Button icon={<SwapOutlined />} onClick={swap} aria-label={t('assets.transfer.swap')} />
          </Form.Item>
          <Form.Item
            name="to"
            label={t('assets.transfer.to')}
            dependencies={['from']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value) => (value && value !== getFieldValue('from') ? Promise.resolve() : Promise.reject(new Error(t('assets.transfer.sameAccount')))),
              }),
            ]}
          >
            <Select style={{ width: 170 }} options={EXCHANGE_ACCOUNT_TYPES.map((type) => ({ value: type, label: accountName(type) }))} data-testid="transfer-to" />
          </Form.Item>
        </Space>
        <Form.Item
          name="amount"
          label={t('assets.transfer.amount')}
          extra={
            <Typography.Text type="secondary" data-testid="transfer-available">
              {t('assets.transfer.available', { amount: showAmount(available, precision), asset })}
            </Typography.Text>
          }
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const problem = value ? checkAmount(value.trim(), precision, available) : 'format';
                return problem ? Promise.reject(new Error(t(`assets.transfer.amountRule.${problem}`, { places: precision }))) : Promise.resolve();
              },
            },
          ]}
        >
          <Input
            inputMode="decimal"
            placeholder={t('assets.transfer.amount')}
            suffix={
              <Typography.Link onClick={() => form.setFieldsValue({ amount: showAmount(available, precision).replaceAll(',', '') })} data-testid="transfer-all">
                {t('assets.transfer.all')}
              </Typography.Link>
            }
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={transfer.isPending} data-testid="transfer-submit">
          {t('assets.transfer.submit')}
        </Button>
      </Form>
    </Modal>
  );
}
