import { useState } from 'react';
import { App, Button, Card, Form, Input, Segmented, Skeleton, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAYMENT_PASSWORD_RE } from '@tp/contract';
import { SendCodeButton, applyFieldErrors, useFormRules, useKitTranslation } from '@tp/web-kit';
import { identity } from '../../../api/client';
import { usePaymentPasswordStatus, useResetFundPassword, useSetFundPassword, useUpdateFundPassword } from '../../../api/verification';
import { useSecurityCode } from '../../../components/useSecurityCode';

type Mode = 'update' | 'reset';

/** The fund password that guards withdrawals and payment settings: set, changed, or reset with a code (and the two-factor code when it is on). */
export function FundPasswordCard() {
  const { t } = useTranslation();
  const status = usePaymentPasswordStatus();
  const [mode, setMode] = useState<Mode>('update');

  return (
    <Card title={t('security.fundPassword')}>
      {status.isPending ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%', maxWidth: 420 }}>
          <div>
            {t('security.fundPassword')}{' '}
            <Tag color={status.data?.fund ? 'green' : 'default'} data-testid="fund-password-state">
              {status.data?.fund ? t('security.set') : t('security.notSet')}
            </Tag>
          </div>
          {!status.data?.fund ? (
            <SetForm />
          ) : (
            <>
              <Segmented<Mode>
                value={mode}
                onChange={setMode}
                options={[
                  { value: 'update', label: t('security.change') },
                  { value: 'reset', label: t('security.reset') },
                ]}
              />
              {mode === 'update' ? <UpdateForm /> : <ResetForm />}
            </>
          )}
        </Space>
      )}
    </Card>
  );
}

function usePasswordRules() {
  const { t } = useTranslation();
  const rules = useFormRules();
  return {
    password: [rules.required(t('security.newPassword')), { pattern: PAYMENT_PASSWORD_RE, message: t('security.rule') }],
    confirm: rules.sameAs('password', t('security.confirm'), t('security.newPassword')),
  };
}

function PasswordFields() {
  const { t } = useTranslation();
  const rules = usePasswordRules();
  return (
    <>
      <Form.Item name="password" label={t('security.newPassword')} rules={rules.password}>
        <Input.Password inputMode="numeric" maxLength={6} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirm" label={t('security.confirm')} dependencies={['password']} rules={rules.confirm}>
        <Input.Password inputMode="numeric" maxLength={6} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

type WithCode<V> = V & { totpCode?: string };

function useSubmit<V>(form: ReturnType<typeof Form.useForm<WithCode<V>>>[0], run: (values: WithCode<V>, code: { totpCode?: string }) => Promise<unknown>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const secondFactor = useSecurityCode();
  const submit = async (values: WithCode<V>) => {
    try {
      await run(values, secondFactor.valueOf(values));
      void message.success(t('security.saved'));
      form.resetFields();
    } catch (error) {
      if (!secondFactor.catchRefusal(error)) applyFieldErrors(form, error);
    }
  };
  return { submit, codeItem: secondFactor.item };
}

function SetForm() {
  const { t } = useTranslation();
  const set = useSetFundPassword();
  const [form] = Form.useForm<WithCode<{ password: string }>>();
  const { submit, codeItem } = useSubmit(form, (v, code) => set.mutateAsync({ kind: 'fund', password: v.password, ...code }));
  return (
    <Form form={form} name="setFundPassword" layout="vertical" onFinish={(v) => void submit(v)}>
      <PasswordFields />
      {codeItem}
      <Button type="primary" htmlType="submit" loading={set.isPending} data-testid="fund-password-submit">
        {t('security.submit')}
      </Button>
    </Form>
  );
}

function UpdateForm() {
  const { t } = useTranslation();
  const rules = useFormRules();
  const update = useUpdateFundPassword();
  const [form] = Form.useForm<WithCode<{ oldPassword: string; password: string }>>();
  const { submit, codeItem } = useSubmit(form, (v, code) => update.mutateAsync({ kind: 'fund', oldPassword: v.oldPassword, password: v.password, ...code }));
  return (
    <Form form={form} name="updateFundPassword" layout="vertical" onFinish={(v) => void submit(v)}>
      <Form.Item name="oldPassword" label={t('security.oldPassword')} rules={[rules.required(t('security.oldPassword'))]}>
        <Input.Password inputMode="numeric" maxLength={6} autoComplete="current-password" />
      </Form.Item>
      <PasswordFields />
      {codeItem}
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {t('security.submit')}
      </Button>
    </Form>
  );
}

function ResetForm() {
  const { t } = useTranslation();
  const { t: kitT } = useKitTranslation();
  const rules = useFormRules();
  const info = identity.useUserInfo();
  const account = info.data?.tel || info.data?.email || '';
  const reset = useResetFundPassword();
  const [form] = Form.useForm<WithCode<{ code: string; password: string }>>();
  const { submit, codeItem } = useSubmit(form, (v, code) => reset.mutateAsync({ kind: 'fund', account, code: v.code.trim(), password: v.password, ...code }));
  return (
    <Form form={form} name="resetFundPassword" layout="vertical" onFinish={(v) => void submit(v)}>
      <Form.Item label={kitT('code')} required extra={t('security.codeTo', { account })}>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" noStyle rules={rules.code(kitT('code'))}>
            <Input maxLength={8} autoComplete="one-time-code" />
          </Form.Item>
          <SendCodeButton loadCaptcha={identity.loadCaptcha} send={(captcha) => identity.sendCode({ account, purpose: 'fundPassword', ...captcha })} />
        </Space.Compact>
      </Form.Item>
      <PasswordFields />
      {codeItem}
      <Button type="primary" htmlType="submit" loading={reset.isPending}>
        {t('security.submit')}
      </Button>
    </Form>
  );
}
