import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, List, Modal, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OtcCurrency, OtcPayMethod, OtcPaymentMethod } from '@tp/contract';
import { applyFieldErrors } from '@tp/web-kit';
import { useDeletePaymentMethod, useOtcProfile, useSaveContact, useSavePaymentMethod, useSetNickname } from '../../../api/otc';
import { FiatNav } from '../components/FiatNav';
import { ImageUpload } from '../components/ImageUpload';
import { OtcPicture } from '../components/OtcPicture';
import { CURRENCIES, PAY_METHODS } from '../components/labels';

const CONTACT_FIELDS = ['mobile', 'email', 'qq', 'wechat', 'whatsapp', 'others'] as const;

interface MethodValues {
  method: OtcPayMethod;
  currency: OtcCurrency;
  accountName: string;
  account: string;
  bankName?: string;
  bankBranch?: string;
  qrImageId?: string;
  remarks?: string;
  fundPassword: string;
}

function MethodModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSavePaymentMethod();
  const [form] = Form.useForm<MethodValues>();
  const method = Form.useWatch('method', form) ?? 'bank';
  const qr = Form.useWatch('qrImageId', form);

  async function submit() {
    const values = await form.validateFields();
    try {
      await save.mutateAsync({ ...values, bankName: values.bankName ?? '', bankBranch: values.bankBranch ?? '', qrImageId: values.qrImageId ?? '', remarks: values.remarks ?? '' });
      onClose();
    } catch (error) {
      applyFieldErrors(form, error);
    }
  }

  return (
    <Modal open title={t('fiat.addMethod')} okText={t('fiat.save')} cancelText={t('fiat.cancel')} onOk={() => void submit()} onCancel={onClose} confirmLoading={save.isPending} okButtonProps={{ 'data-testid': 'method-save' }}>
      <Form<MethodValues> form={form} layout="vertical" initialValues={{ method: 'bank', currency: 'CNY' }}>
        <Form.Item name="method" label={t('fiat.paymentMethod')}>
          <Select options={PAY_METHODS.map((m) => ({ value: m, label: t(`fiat.method.${m}`) }))} data-testid="method-kind" />
        </Form.Item>
        <Form.Item name="currency" label={t('fiat.currency')}>
          <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
        <Form.Item name="accountName" label={t('fiat.accountName')} rules={[{ required: true, whitespace: true, message: t('fiat.rule.required', { field: t('fiat.accountName') }) }]}>
          <Input maxLength={40} data-testid="method-name" />
        </Form.Item>
        <Form.Item name="account" label={method === 'bank' ? t('fiat.cardNumber') : t('fiat.account')} rules={[{ required: true, whitespace: true, message: t('fiat.rule.required', { field: t('fiat.account') }) }]}>
          <Input maxLength={64} data-testid="method-account" />
        </Form.Item>
        {method === 'bank' ? (
          <>
            <Form.Item name="bankName" label={t('fiat.bankName')} rules={[{ required: true, whitespace: true, message: t('fiat.rule.required', { field: t('fiat.bankName') }) }]}>
              <Input maxLength={60} data-testid="method-bank" />
            </Form.Item>
            <Form.Item name="bankBranch" label={t('fiat.bankBranch')}>
              <Input maxLength={100} />
            </Form.Item>
          </>
        ) : (
          <Form.Item name="qrImageId" label={t('fiat.qrCode')} rules={[{ required: true, message: t('fiat.rule.qr') }]}>
            <Space>
              <ImageUpload testId="method-qr" label={t('fiat.uploadQr')} onUploaded={(id) => form.setFieldValue('qrImageId', id)} />
              {qr ? <OtcPicture id={qr} width={64} alt={t('fiat.qrCode')} /> : null}
            </Space>
          </Form.Item>
        )}
        <Form.Item name="remarks" label={t('fiat.remarks')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="fundPassword" label={t('fiat.fundPassword')} rules={[{ required: true, pattern: /^\d{6}$/, message: t('fiat.rule.fundPassword') }]}>
          <Input.Password inputMode="numeric" maxLength={6} autoComplete="off" data-testid="method-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** `/fiat/settings`: the nickname (set once), contact settings and payment methods that fiat trading needs. */
export function SettingsPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const profile = useOtcProfile();
  const setNickname = useSetNickname();
  const saveContact = useSaveContact();
  const remove = useDeletePaymentMethod();
  const [adding, setAdding] = useState(false);
  const [nickForm] = Form.useForm<{ nickname: string }>();
  const [contactForm] = Form.useForm<Record<(typeof CONTACT_FIELDS)[number], string>>();
  const [password, setPassword] = useState('');
  const p = profile.data;

  const askNickname = (values: { nickname: string }) =>
    modal.confirm({
      title: t('fiat.nicknameConfirm', { nickname: values.nickname.trim() }),
      content: t('fiat.nicknameOnce'),
      okText: t('fiat.confirm'),
      cancelText: t('fiat.back'),
      okButtonProps: { 'data-testid': 'nickname-confirm' },
      onOk: async () => {
        try {
          await setNickname.mutateAsync(values.nickname.trim());
        } catch (error) {
          applyFieldErrors(nickForm, error);
        }
      },
    });

  async function submitContact(values: Record<string, string | undefined>) {
    try {
      await saveContact.mutateAsync(Object.fromEntries(CONTACT_FIELDS.map((k) => [k, (values[k] ?? '').trim()])));
      void message.success(t('fiat.saved'));
    } catch (error) {
      applyFieldErrors(contactForm, error);
    }
  }

  const askRemove = (m: OtcPaymentMethod) =>
    modal.confirm({
      title: t('fiat.removeMethod'),
      content: <Input.Password inputMode="numeric" maxLength={6} placeholder={t('fiat.fundPassword')} onChange={(e) => setPassword(e.target.value)} />,
      okText: t('fiat.confirm'),
      cancelText: t('fiat.back'),
      onOk: () => remove.mutateAsync({ id: m.id, fundPassword: password }),
    });

  return (
    <Card title={<h1 className="ex-heading" data-testid="page-heading">{t('fiat.settingsTitle')}</h1>}>
      <FiatNav />
      {p ? (
        <Space direction="vertical" size={16} style={{ width: '100%', maxWidth: 640 }}>
          {p.missing.length ? <Alert type="warning" showIcon message={t('fiat.missing', { items: p.missing.map((m) => t(`fiat.missingItem.${m}`)).join('、') })} data-testid="settings-missing" /> : null}
          {!p.realName ? <Link to="/user/verification">{t('fiat.goVerify')}</Link> : null}
          <Card size="small" title={t('fiat.nickname')}>
            {p.nickNameStatus === '1' ? (
              <strong data-testid="nickname-shown">{p.nickname}</strong>
            ) : (
              <Form form={nickForm} layout="inline" onFinish={askNickname}>
                <Form.Item name="nickname" rules={[{ required: true, whitespace: true, min: 2, max: 16, message: t('fiat.rule.nickname') }]}>
                  <Input maxLength={16} placeholder={t('fiat.nicknamePlaceholder')} data-testid="nickname-input" />
                </Form.Item>
                <Button type="primary" htmlType="submit" data-testid="nickname-submit">
                  {t('fiat.save')}
                </Button>
              </Form>
            )}
          </Card>
          <Card size="small" title={t('fiat.contactTitle')}>
            <Form form={contactForm} layout="vertical" initialValues={p.contact} onFinish={(v) => void submitContact(v)}>
              {CONTACT_FIELDS.map((key) => (
                <Form.Item key={key} name={key} label={t(`fiat.contact.${key}`)} rules={key === 'mobile' ? [{ pattern: /^1\d{10}$/, message: t('fiat.rule.mobile') }] : key === 'email' ? [{ type: 'email', message: t('fiat.rule.email') }] : []}>
                  <Input maxLength={100} data-testid={`contact-${key}`} />
                </Form.Item>
              ))}
              <Button type="primary" htmlType="submit" loading={saveContact.isPending} data-testid="contact-submit">
                {t('fiat.save')}
              </Button>
            </Form>
          </Card>
          <Card
            size="small"
            title={t('fiat.methodsTitle')}
            extra={
              <Button onClick={() => setAdding(true)} data-testid="method-add">
                {t('fiat.addMethod')}
              </Button>
            }
          >
            <List
              dataSource={p.paymentMethods}
              locale={{ emptyText: t('fiat.noMethods') }}
              renderItem={(m) => (
                <List.Item actions={[<Button key="remove" size="small" danger onClick={() => askRemove(m)}>{t('fiat.remove')}</Button>]} data-testid="method-row">
                  <Space>
                    <Tag>{t(`fiat.method.${m.method}`)}</Tag>
                    <Tag>{m.currency}</Tag>
                    <span>{`${m.accountName} · ${m.account}${m.bankName ? ` · ${m.bankName}` : ''}`}</span>
                  </Space>
                </List.Item>
              )}
            />
          </Card>
        </Space>
      ) : null}
      {adding ? <MethodModal onClose={() => setAdding(false)} /> : null}
    </Card>
  );
}
