import { useEffect, useState } from 'react';
import { App, Button, Form, Modal } from 'antd';
import { ResultCode, type CaptchaChallenge } from '@tp/contract';
import { isApiError } from '../api/client';
import { useKitTranslation } from '../i18n/useKitTranslation';
import { CaptchaField } from './CaptchaField';
import { useCaptcha } from './useCaptcha';

export const CODE_RESEND_SECONDS = 60;

export interface CaptchaAnswer {
  captchaId: string;
  captchaCode: string;
}

export interface SendCodeButtonProps {
  /**
   * Sends the code; called again with the captcha answer when the server asks for one. A result
   * with `resendAfterSeconds` sets the countdown; otherwise it runs `seconds`.
   */
  send: (captcha?: CaptchaAnswer) => Promise<unknown>;
  loadCaptcha: () => Promise<CaptchaChallenge>;
  /** Runs first, e.g. validating the account field; a rejection cancels the send. */
  beforeSend?: () => Promise<unknown>;
  seconds?: number;
  disabled?: boolean;
  'data-testid'?: string;
}

function resendAfter(result: unknown): number | undefined {
  const value = (result as { resendAfterSeconds?: unknown } | null | undefined)?.resendAfterSeconds;
  return typeof value === 'number' && value > 0 ? value : undefined;
}

/**
 * "Send code" with the spec's countdown: after a successful send it is disabled for 60 s and
 * shows the seconds left. When the server answers -1101 it asks for the image captcha in a
 * dialog and sends again with the answer.
 */
export function SendCodeButton({
  send,
  loadCaptcha,
  beforeSend,
  seconds = CODE_RESEND_SECONDS,
  disabled,
  'data-testid': testId = 'send-code',
}: SendCodeButtonProps) {
  const { t } = useKitTranslation();
  const { message } = App.useApp();
  const [remaining, setRemaining] = useState(0);
  const [sending, setSending] = useState(false);
  const [captchaOpen, setCaptchaOpen] = useState(false);
  const captcha = useCaptcha(loadCaptcha);
  const [captchaForm] = Form.useForm<{ captchaCode: string }>();

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = window.setTimeout(() => setRemaining((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [remaining]);

  async function attempt(answer?: CaptchaAnswer): Promise<boolean> {
    setSending(true);
    try {
      const result = await send(answer);
      setRemaining(resendAfter(result) ?? seconds);
      void message.success(t('codeSent'));
      return true;
    } catch (error) {
      if (isApiError(error, ResultCode.captchaRequired) || (answer && isApiError(error, ResultCode.captchaWrong))) {
        captchaForm.resetFields();
        setCaptchaOpen(true);
        await captcha.refresh();
      }
      return false;
    } finally {
      setSending(false);
    }
  }

  async function onClick() {
    try {
      await beforeSend?.();
    } catch {
      return;
    }
    await attempt();
  }

  async function onCaptchaOk() {
    const { captchaCode } = await captchaForm.validateFields();
    if (!captcha.challenge) return;
    if (await attempt({ captchaId: captcha.challenge.captchaId, captchaCode })) setCaptchaOpen(false);
  }

  return (
    <>
      <Button data-testid={testId} disabled={disabled || remaining > 0} loading={sending} onClick={() => void onClick()}>
        {remaining > 0 ? t('resendIn', { seconds: remaining }) : t('sendCode')}
      </Button>
      <Modal
        open={captchaOpen}
        title={t('captchaTitle')}
        okText={t('captchaConfirm')}
        cancelText={t('cancel')}
        confirmLoading={sending}
        okButtonProps={{ 'data-testid': 'captcha-submit' }}
        onOk={() => void onCaptchaOk()}
        onCancel={() => setCaptchaOpen(false)}
        forceRender
      >
        <Form form={captchaForm} name="sendCodeCaptcha" layout="vertical" onFinish={() => void onCaptchaOk()}>
          <CaptchaField captcha={captcha} />
        </Form>
      </Modal>
    </>
  );
}
