import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSecurityStatus } from '../api/security';

/**
 * The user's anti-phishing code beside the platform's notices to them, as in its e-mails: a page
 * imitating the platform cannot know it. Nothing when none is set.
 */
export function AntiPhishingTag() {
  const { t } = useTranslation();
  const code = useSecurityStatus().data?.antiPhishingCode;
  if (!code) return null;
  return (
    <Tag color="gold" data-testid="anti-phishing-tag">
      {t('security.antiPhishing.tag', { code })}
    </Tag>
  );
}
