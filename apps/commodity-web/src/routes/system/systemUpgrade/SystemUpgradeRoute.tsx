import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FullPageSpin } from '@tp/web-kit';
import { useSystemSwitches } from '../../../api/system';
import { paths } from '../../../paths';
import { SystemUpgradeNotice } from './SystemUpgradeNotice';

/** `/systemUpgrade`: the same notice as a page, with the way back when no upgrade is running. */
export function SystemUpgradeRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const switches = useSystemSwitches();
  if (switches.isPending) return <FullPageSpin />;
  return (
    <SystemUpgradeNotice
      upgrading={switches.data?.upgrade ?? false}
      notice={switches.data?.upgradeNotice ?? ''}
      checking={switches.isFetching}
      onRetry={() => void switches.refetch()}
      extra={
        <Button onClick={() => void navigate(paths.home)}>{t('upgrade.backHome')}</Button>
      }
    />
  );
}
