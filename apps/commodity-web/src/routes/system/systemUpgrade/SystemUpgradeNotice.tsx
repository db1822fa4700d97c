import type { ReactNode } from 'react';
import { Button, Result, Space } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export interface SystemUpgradeNoticeProps {
  upgrading: boolean;
  notice: string;
  checking: boolean;
  onRetry: () => void;
  extra?: ReactNode;
}

/**
 * The maintenance notice. It renders outside the router too (the app root shows it instead of every
 * page). Staff's notice text is shown only while the upgrade runs: they may draft it ahead.
 */
export function SystemUpgradeNotice({ upgrading, notice, checking, onRetry, extra }: SystemUpgradeNoticeProps) {
  const { t } = useTranslation();
  return (
    <Result
      icon={upgrading ? <ToolOutlined /> : undefined}
      status={upgrading ? 'warning' : 'success'}
      title={<h1 className="result-heading">{upgrading ? t('upgrade.title') : t('upgrade.normalTitle')}</h1>}
      subTitle={<div style={{ whiteSpace: 'pre-line' }} data-testid="upgrade-text">{upgrading ? notice || t('upgrade.defaultNotice') : t('upgrade.normalText')}</div>}
      extra={
        <Space>
          <Button type="primary" loading={checking} onClick={onRetry}>
            {t('upgrade.retry')}
          </Button>
          {extra}
        </Space>
      }
    />
  );
}
