import { useRef, useState, type ReactNode } from 'react';
import { Button, Form, Input, Modal, Typography, type FormRule } from 'antd';
import type { UseMutationResult } from '@tanstack/react-query';
import { RECOVERY_CODE_RE, SecurityCode, TOTP_CODE_RE } from '@tp/contract';
import { isApiError } from '../api/client';
import { useKitTranslation } from '../i18n/useKitTranslation';
import { useFormRules } from './rules';

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

export interface SecondFactorStep {
  /** The login mutation with the second step: when the server asks for the code, the dialog takes it and the same login goes again with it. */
  wrap<V extends object>(mutation: LoginMutation<V & LoginExtras>): LoginMutation<V>;
  dialog: ReactNode;
}

/**
 * The second step of a login for an account with two-factor authentication on. `keepOtherSessions`
 * asks the server to leave the account's other sessions signed in (the exchange lists them).
 */
export function useSecondFactorStep(options: { keepOtherSessions?: boolean | undefined } = {}): SecondFactorStep {
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);
  const extrasOf = (totpCode?: string): LoginExtras => ({ ...(options.keepOtherSessions ? { keepOtherSessions: true } : {}), ...(totpCode ? { totpCode } : {}) });

  function wrap<V extends object>(mutation: LoginMutation<V & LoginExtras>): LoginMutation<V> {
    const send = (values: V, totpCode?: string) => mutation.mutateAsync({ ...values, ...extrasOf(totpCode) });
    const mutateAsync = async (values: V) => {
      try {
        await send(values);
      } catch (error) {
        if (!isApiError(error, SecurityCode.secondFactorRequired)) throw error;
        await new Promise<void>((resolve, reject) => {
          const next = { send: (totpCode: string) => send(values, totpCode), resolve, reject };
          pendingRef.current = next;
          setPending(next);
        });
      }
    };
    return { ...mutation, mutateAsync } as unknown as LoginMutation<V>;
  }

  function close(outcome: 'done' | 'cancelled') {
    const current = pendingRef.current;
    pendingRef.current = null;
    setPending(null);
    if (outcome === 'done') current?.resolve();
    else current?.reject(new SecondStepCancelled());
  }

  return { wrap, dialog: <SecondFactorDialog pending={pending} onDone={() => close('done')} onCancel={() => close('cancelled')} /> };
}

/** A required authenticator code: six digits, or a recovery code in its place (the server's rule). */
export function useSecondFactorRules(label: string): FormRule[] {
  const { t } = useKitTranslation();
  const rules = useFormRules();
  return [
    rules.required(label),
    {
      validator: (_, value: string | undefined) => {
        const text = (value ?? '').trim();
        return !text || TOTP_CODE_RE.test(text) || RECOVERY_CODE_RE.test(text) ? Promise.resolve() : Promise.reject(new Error(t('secondFactor.rule')));
      },
    },
  ];
}

function SecondFactorDialog({ pending, onDone, onCancel }: { pending: Pending | null; onDone: () => void; onCancel: () => void }) {
  const { t } = useKitTranslation();
  const [form] = Form.useForm<{ totpCode: string }>();
  const [sending, setSending] = useState(false);
  const label = t('secondFactor.code');
  const secondFactorRules = useSecondFactorRules(label);

  async function submit({ totpCode }: { totpCode: string }) {
    if (!pending) return;
    setSending(true);
    try {
      await pending.send(totpCode.trim());
      form.resetFields();
      onDone();
    } catch (error) {
      // The API client shows the refusal (wrong code, locked); the field keeps it in view.
      form.setFields([{ name: 'totpCode', errors: [isApiError(error) ? error.message : t('secondFactor.rule')] }]);
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      open={pending !== null}
      title={t('secondFactor.title')}
      onCancel={() => {
        form.resetFields();
        onCancel();
      }}
      footer={null}
    >
      <Typography.Paragraph type="secondary">{t('secondFactor.intro')}</Typography.Paragraph>
      <Form form={form} name="loginSecondFactor" layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item name="totpCode" label={label} rules={secondFactorRules}>
          <Input inputMode="numeric" maxLength={9} autoComplete="one-time-code" autoFocus data-testid="login-totp-code" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={sending} data-testid="login-totp-submit">
          {t('login')}
        </Button>
      </Form>
    </Modal>
  );
}
