import { Form, Input, Space, Spin } from 'antd';
import { useKitTranslation } from '../i18n/useKitTranslation';
import { useFormRules } from './rules';
import type { CaptchaState } from './useCaptcha';

/** The `captchaCode` form item with the challenge image beside it; clicking the image renews it. */
export function CaptchaField({ captcha }: { captcha: CaptchaState }) {
  const { t } = useKitTranslation();
  const rules = useFormRules();
  if (!captcha.challenge) return null;
  return (
    <Form.Item label={t('captcha')} required extra={t('captchaRefresh')}>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="captchaCode" noStyle rules={[rules.required(t('captcha'))]}>
          <Input autoComplete="off" maxLength={10} placeholder={t('captcha')} />
        </Form.Item>
        <Spin spinning={captcha.loading} size="small">
          <img
            src={captcha.challenge.image}
            alt={t('captcha')}
            title={t('captchaRefresh')}
            data-testid="captcha-image"
            data-captcha-id={captcha.challenge.captchaId}
            style={{ height: 32, cursor: 'pointer', display: 'block' }}
            onClick={() => void captcha.refresh()}
          />
        </Spin>
      </Space.Compact>
    </Form.Item>
  );
}
