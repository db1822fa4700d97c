import { useState } from 'react';
import { Button, Form, Input, Modal, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney, runAction, useApp } from '@tp/web-kit';
import type { ListingPickDetail } from '@tp/contract';
import { useOpenInvoice, usePayBalance, useStockIn } from '../../../api/listing';
import { AmountConfirm, useListingRules } from '../shared';
import { HoldingSelect, useHeldHoldings } from './HoldingSelect';

/** Pay hang order: the balance, authorised with the margin password, after a confirmation showing the amount. */
export function PayBalanceModal({ pick, onClose }: { pick: ListingPickDetail | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = useApp();
  const rule = useListingRules();
  const [form] = Form.useForm<{ marginPassWord: string }>();
  const pay = usePayBalance();
  async function submit() {
    if (!pick) return;
    const values = await form.validateFields();
    modal.confirm({
      title: t('listing.confirm.payBalance', { pickId: pick.pickId, amount: formatMoney(pick.balance) }),
      content: <AmountConfirm amount={pick.balance} />,
      okButtonProps: { 'data-testid': 'payBalance-ok' },
      onOk: () =>
        // The balance shown goes back as `code`, so a pick changed meanwhile is refused rather than paid.
        pay.mutateAsync({ orderId: pick.pickId, code: pick.balance, marginPassWord: values.marginPassWord }).then(() => {
          void message.success(t('listing.done'));
          form.resetFields();
          onClose();
        }),
    });
  }
  return (
    <Modal open={pick !== null} title={t('listing.payBalance.title')} onCancel={onClose} onOk={() => void runAction(submit)} confirmLoading={pay.isPending} okButtonProps={{ 'data-testid': 'payBalance-submit' }} destroyOnHidden>
      {pick && <p data-testid="payBalance-amount">{t('listing.payBalance.amount', { amount: formatMoney(pick.balance) })}</p>}
      <Form form={form} layout="vertical">
        <Form.Item name="marginPassWord" label={t('listing.fields.marginPassWord')} rules={rule('marginPassWord')}>
          <Input.Password data-testid="field-marginPassWord" maxLength={64} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface InvoiceForm {
  invoiceTitle: string;
  taxpayerId: string;
  amount: string;
}

/** The seller opens the ticket: the invoice file with its title, taxpayer id and amount. */
export function InvoiceModal({ pick, onClose }: { pick: ListingPickDetail | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = useApp();
  const rule = useListingRules();
  const [form] = Form.useForm<InvoiceForm>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState(false);
  const open = useOpenInvoice();
  async function submit() {
    if (!pick) return;
    setFileError(file === null);
    const values = await form.validateFields();
    if (!file) return;
    modal.confirm({
      title: t('listing.confirm.openInvoice', { pickId: pick.pickId, amount: formatMoney(values.amount) }),
      content: <AmountConfirm amount={values.amount} />,
      okButtonProps: { 'data-testid': 'openInvoice-ok' },
      onOk: () =>
        open.mutateAsync({ pickId: pick.pickId, file, invoiceTitle: values.invoiceTitle.trim(), taxpayerId: values.taxpayerId.trim(), amount: values.amount }).then(() => {
          void message.success(t('listing.done'));
          form.resetFields();
          setFile(null);
          onClose();
        }),
    });
  }
  return (
    <Modal open={pick !== null} title={t('listing.invoice.title')} onCancel={onClose} onOk={() => void runAction(submit)} confirmLoading={open.isPending} okButtonProps={{ 'data-testid': 'invoice-submit' }} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ amount: pick?.amount }}>
        <Form.Item name="invoiceTitle" label={t('listing.fields.invoiceTitle')} rules={rule('invoiceTitle')}>
          <Input data-testid="field-invoiceTitle" maxLength={100} />
        </Form.Item>
        <Form.Item name="taxpayerId" label={t('listing.fields.taxpayerId')} rules={rule('taxpayerId')}>
          <Input data-testid="field-taxpayerId" maxLength={20} />
        </Form.Item>
        <Form.Item name="amount" label={t('listing.fields.invoiceAmount')} rules={rule('invoiceAmount')}>
          <Input data-testid="field-invoiceAmount" />
        </Form.Item>
        <Form.Item label={t('listing.fields.file')} required help={fileError && !file ? t('listing.rules.required', { field: t('listing.fields.file') }) : t('listing.invoice.fileHint')} validateStatus={fileError && !file ? 'error' : ''}>
          <Upload
            accept=".pdf,.jpg,.jpeg,.png"
            maxCount={1}
            beforeUpload={(chosen) => {
              setFile(chosen);
              return false;
            }}
            onRemove={() => setFile(null)}
          >
            <Button data-testid="field-invoiceFile">{t('listing.invoice.chooseFile')}</Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Presale: the seller names the held holding that delivers a confirmed pick (event 8). */
export function StockInModal({ pick, onClose }: { pick: ListingPickDetail | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = useApp();
  const rule = useListingRules();
  const [form] = Form.useForm<{ holdId: string }>();
  const holdings = useHeldHoldings(pick?.commodityName, pick !== null);
  const stockIn = useStockIn();
  async function submit() {
    if (!pick) return;
    const values = await form.validateFields();
    modal.confirm({
      title: t('listing.confirm.stockIn', { holdId: values.holdId, pickId: pick.pickId }),
      okButtonProps: { 'data-testid': 'stockIn-ok' },
      onOk: () =>
        stockIn.mutateAsync({ pickId: pick.pickId, holdId: values.holdId }).then(() => {
          void message.success(t('listing.done'));
          form.resetFields();
          onClose();
        }),
    });
  }
  return (
    <Modal open={pick !== null} title={t('listing.stockIn.title')} onCancel={onClose} onOk={() => void runAction(submit)} confirmLoading={stockIn.isPending} okButtonProps={{ 'data-testid': 'stockIn-submit' }} destroyOnHidden>
      <Form form={form} layout="vertical">
        <Form.Item name="holdId" label={t('listing.fields.holdId')} rules={rule('holdId')}>
          <HoldingSelect holdings={holdings.content} loading={holdings.query.isPending} testId="field-stockIn-holdId" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
