import { useRef, useState } from 'react';
import { Button, Form, Input, Modal, Typography } from 'antd';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SecurityCode } from '@tp/contract';
import { isApiError, type AuthPagesSetup } from '@tp/web-kit';
import { useSecondFactorRules } from '../../../components/SecondFactorField';

type LoginMutation<V> = UseMutationResult<void, Error, V>;
type LoginExtras = { totpCode?: string; keepOtherSessions?: boolean };

/** The login's request waiting for the authenticator code: sent again with it, or given up. */
interface Pending {
  send: (totpCode: string) => Promise<void>;
  resolve: () => void;
  reject: (reason: Error) => void;
}

/** Given up in the code dialog: the login form stays as typed. */
class SecondStepCancelled extends Error {}

/**
 * The exchange's login with its second step: a login keeps the account's other sessions (each is
 * listed on the security page); when the server asks for the authenticator code (two-factor
 * authentication on), a dialog takes it and the same login is sent again with it.
 */
export function useSecondFactorStep(identity: AuthPagesSetup['identity']) {
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);

  function withSecondStep<V extends object>(mutation: LoginMutation<V & LoginExtras>): LoginMutation<V> {
    const send = (values: V, extras: LoginExtras) => mutation.mutateAsync({ ...values, keepOtherSessions: true, ...extras });
    const mutateAsync = async (values: V) => {
      try {
        await send(values, {});
      } catch (error) {
        if (!isApiError(error, SecurityCode.secondFactorRequired)) throw error;
        await new Promise<void>((resolve, reject) => {
          const next = { send: (totpCode: string) => send(values, { totpCode }), resolve, reject };
          pendingRef.current = next;
          setPending(next);
        });
      }
    };
    return { ...mutation, mutateAsync } as unknown as LoginMutation<V>;
  }

  const wrapped: AuthPagesSetup['identity'] = {
    ...identity,
    useLogin: () => withSecondStep(identity.useLogin()) as ReturnType<typeof identity.useLogin>,
    useCodeLogin: () => withSecondStep(identity.useCodeLogin()) as ReturnType<typeof identity.useCodeLogin>,
  };

  function close(outcome: 'done' | 'cancelled') {
    const current = pendingRef.current;
    pendingRef.current = null;
    setPending(null);
    if (outcome === 'done') current?.resolve();
    else current?.reject(new SecondStepCancelled());
  }

  return { identity: wrapped, dialog: <SecondFactorDialog pending={pending} onDone={() => close('done')} onCancel={() => close('cancelled')} /> };
}

function SecondFactorDialog({ pending, onDone, onCancel }: { pending: Pending | null; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ totpCode: string }>();
  const [sending, setSending] = useState(false);
  const label = t('security.twoFactor.code');
  const rules = useSecondFactorRules(label);

  async function submit({ totpCode }: { totpCode: string }) {
    if (!pending) return;
    setSending(true);
    try {
      await pending.send(totpCode.trim());
      form.resetFields();
      onDone();
    } catch (error) {
      // The refusal (wrong code, locked) is shown by the API client; the field says it too.
      form.setFields([{ name: 'totpCode', errors: [isApiError(error) ? error.message : t('security.twoFactor.codeRule')] }]);
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      open={pending !== null}
      title={t('security.loginStep.title')}
      onCancel={() => {
        form.resetFields();
        onCancel();
      }}
      footer={null}
    >
      <Typography.Paragraph type="secondary">{t('security.loginStep.intro')}</Typography.Paragraph>
      <Form form={form} name="loginSecondFactor" layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item
          name="totpCode"
          label={label}
          rules={rules}
        >
          <Input inputMode="numeric" maxLength={9} autoComplete="one-time-code" autoFocus data-testid="login-totp-code" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={sending} data-testid="login-totp-submit">
          {t('security.loginStep.submit')}
        </Button>
      </Form>
    </Modal>
  );
}
