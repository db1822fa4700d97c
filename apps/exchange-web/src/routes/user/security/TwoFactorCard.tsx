import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Modal, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TOTP_CODE_RE, type TotpSetup } from '@tp/contract';
import { applyFieldErrors, useFormRules, useSecondFactorRules } from '@tp/web-kit';
import { useDisableTotp, useEnableTotp, useSecurityStatus, useTotpSetup } from '../../../api/security';
import { CopyButton } from '../../../components/CopyButton';

/** Two-factor authentication with an authenticator app: scan, confirm with a first code, save the recovery codes; or turn it off with a code. */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const status = useSecurityStatus();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const on = status.data?.twoFactor === true;

  return (
    <Card
      title={
        <Space>
          {t('security.twoFactor.title')}
          {status.data ? (
            <Tag color={on ? 'green' : 'default'} data-testid="two-factor-state">
              {on ? t('security.twoFactor.on') : t('security.twoFactor.off')}
            </Tag>
          ) : null}
        </Space>
      }
    >
      {status.isPending ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%', maxWidth: 480 }}>
          <Typography.Paragraph type="secondary">{t('security.twoFactor.intro')}</Typography.Paragraph>
          {on ? (
            <>
              <Typography.Text data-testid="recovery-codes-left">{t('security.twoFactor.recoveryLeft', { count: status.data?.recoveryCodesLeft ?? 0 })}</Typography.Text>
              <DisableForm />
            </>
          ) : (
            <SetUp onEnabled={setRecoveryCodes} />
          )}
        </Space>
      )}
      <RecoveryCodesModal codes={recoveryCodes} onClose={() => setRecoveryCodes(null)} />
    </Card>
  );
}

function SetUp({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const rules = useFormRules();
  const setup = useTotpSetup();
  const enable = useEnableTotp();
  const [secret, setSecret] = useState<TotpSetup | null>(null);
  const [form] = Form.useForm<{ code: string }>();

  if (!secret) {
    return (
      <Button type="primary" loading={setup.isPending} onClick={() => void setup.mutateAsync().then(setSecret, () => undefined)} data-testid="two-factor-start">
        {t('security.twoFactor.enable')}
      </Button>
    );
  }

  async function confirm({ code }: { code: string }) {
    try {
      const { recoveryCodes } = await enable.mutateAsync({ code: code.trim() });
      setSecret(null);
      form.resetFields();
      onEnabled(recoveryCodes);
    } catch (error) {
      applyFieldErrors(form, error);
    }
  }

  const label = t('security.twoFactor.confirmCode');
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Typography.Text>{t('security.twoFactor.scan')}</Typography.Text>
      <img src={secret.qrCode} alt={t('security.twoFactor.qrAlt')} width={200} height={200} data-testid="two-factor-qr" />
      <Space wrap>
        {t('security.twoFactor.secret')}
        <Typography.Text code data-testid="two-factor-secret">
          {secret.secret}
        </Typography.Text>
        <CopyButton text={secret.secret} />
      </Space>
      <Form form={form} name="enableTwoFactor" layout="vertical" onFinish={(values) => void confirm(values)}>
        <Form.Item name="code" label={label} rules={[rules.required(label), { pattern: TOTP_CODE_RE, message: t('security.twoFactor.sixDigits') }]}>
          <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" data-testid="two-factor-code" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={enable.isPending} data-testid="two-factor-confirm">
            {t('security.twoFactor.confirm')}
          </Button>
          <Button onClick={() => setSecret(null)}>{t('security.twoFactor.cancel')}</Button>
        </Space>
      </Form>
    </Space>
  );
}

function DisableForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const disable = useDisableTotp();
  const [form] = Form.useForm<{ totpCode: string }>();
  const label = t('security.twoFactor.code');
  const rules = useSecondFactorRules(label);

  async function submit({ totpCode }: { totpCode: string }) {
    try {
      await disable.mutateAsync({ totpCode: totpCode.trim() });
      void message.success(t('security.twoFactor.disabled'));
      form.resetFields();
    } catch (error) {
      applyFieldErrors(form, error);
    }
  }

  return (
    <Form form={form} name="disableTwoFactor" layout="vertical" onFinish={(values) => void submit(values)}>
      <Form.Item name="totpCode" label={label} extra={t('security.twoFactor.codeHelp')} rules={rules}>
        <Input inputMode="numeric" maxLength={9} autoComplete="one-time-code" />
      </Form.Item>
      <Button danger htmlType="submit" loading={disable.isPending} data-testid="two-factor-disable">
        {t('security.twoFactor.disable')}
      </Button>
    </Form>
  );
}

/** The recovery codes, shown this once; the dialog closes only by saying they are saved. */
function RecoveryCodesModal({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={codes !== null}
      title={t('security.twoFactor.recoveryTitle')}
      mask={{ closable: false }}
      keyboard={false}
      closable={false}
      footer={
        <Button type="primary" onClick={onClose} data-testid="recovery-codes-saved">
          {t('security.twoFactor.recoverySaved')}
        </Button>
      }
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Alert type="warning" showIcon title={t('security.twoFactor.recoveryWarning')} />
        <ol style={{ columns: 2, paddingLeft: 20, margin: 0 }} data-testid="recovery-codes">
          {(codes ?? []).map((code) => (
            <li key={code}>
              <Typography.Text code>{code}</Typography.Text>
            </li>
          ))}
        </ol>
        <CopyButton text={(codes ?? []).join('\n')} />
      </Space>
    </Modal>
  );
}
