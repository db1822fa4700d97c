import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSandboxClock } from '../../api/listing';
import { PageCard } from '../../components/PageCard';
import { DefaultsTab } from './DefaultsTab';
import { FeeSettingsTab } from './FeeSettingsTab';
import { ListingsTab } from './ListingsTab';
import { SandboxTab } from './SandboxTab';

const TABS = ['audit', 'all', 'defaults', 'fees', 'sandbox'] as const;
type TabKey = (typeof TABS)[number];

/**
 * `/listing`: the audit queue, every firm's listings (forced off-shelf), the default monitor, the
 * fee settings and, when the server runs its sandbox, the clock. The tab is in the address, so a
 * reload or a shared link opens the same one.
 */
export function ListingAdminPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const clock = useSandboxClock();
  const asked = params.get('tab');
  const tab: TabKey = TABS.includes(asked as TabKey) && (asked !== 'sandbox' || clock.data) ? (asked as TabKey) : 'audit';

  const label = (key: TabKey) => <span data-testid={`listing-tab-${key}`}>{t(`listing.tabs.${key}`)}</span>;
  return (
    <PageCard title={t('listing.title')}>
      <Tabs
        destroyOnHidden
        activeKey={tab}
        onChange={(key) => setParams({ tab: key })}
        items={[
          { key: 'audit', label: label('audit'), children: <ListingsTab queue /> },
          { key: 'all', label: label('all'), children: <ListingsTab queue={false} /> },
          { key: 'defaults', label: label('defaults'), children: <DefaultsTab /> },
          { key: 'fees', label: label('fees'), children: <FeeSettingsTab /> },
          ...(clock.data ? [{ key: 'sandbox', label: label('sandbox'), children: <SandboxTab clock={clock.data} /> }] : []),
        ]}
      />
    </PageCard>
  );
}
