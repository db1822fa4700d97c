import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { Flex } from 'antd';
import { FullPageSpin, LanguageSwitcher } from '@tp/web-kit';
import { useSystemSwitches } from '../api/system';
import { router } from '../router';

// Shown only while the platform is being upgraded: no one else downloads it.
const SystemUpgradeNotice = lazy(() =>
  import('../routes/system/systemUpgrade/SystemUpgradeNotice').then((m) => ({ default: m.SystemUpgradeNotice })),
);

/**
 * The app root: the maintenance notice while the platform is being upgraded, the routed app
 * otherwise. If the switches cannot be read the app is shown; its calls will say what is wrong.
 */
export function UpgradeGate() {
  const switches = useSystemSwitches();
  if (switches.isPending) return <FullPageSpin />;
  if (switches.data?.upgrade) {
    return (
      <>
        <Flex justify="flex-end" style={{ padding: 16 }}>
          <LanguageSwitcher />
        </Flex>
        <Suspense fallback={<FullPageSpin />}>
          <SystemUpgradeNotice
            upgrading
            notice={switches.data.upgradeNotice}
            checking={switches.isFetching}
            onRetry={() => void switches.refetch()}
          />
        </Suspense>
      </>
    );
  }
  return <RouterProvider router={router} />;
}
