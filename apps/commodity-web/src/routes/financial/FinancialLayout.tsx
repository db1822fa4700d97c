import { Link } from 'react-router';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFunder } from '../../api/pledge';
import { paths } from '../../paths';
import { SideMenuLayout } from '../../layout/SideMenuLayout';

const PAGES = [
  { key: 'order', path: paths.financialOrder },
  { key: 'accountReceive', path: paths.financialAccountReceive },
  { key: 'warehouse', path: paths.financialWarehouse },
  { key: 'bill', path: paths.financialBill },
] as const;

/** `/financial`: the funder's portal; a firm that lends nothing is told so instead of seeing empty pages. */
export function FinancialLayout() {
  const { t } = useTranslation();
  const funder = useFunder();
  if (funder.isPending) return <Spin data-testid="financial-loading" />;
  if (!funder.data) return <Result status="403" title={t('pledge.financial.notFunder')} data-testid="financial-not-funder" />;
  const items = PAGES.map((p) => ({ key: p.path, label: <Link to={p.path} data-testid={`financial-menu-${p.key}`}>{t(`pledge.financial.${p.key}`)}</Link> }));
  return <SideMenuLayout title={`${t('pledge.financial.title')} · ${funder.data.name}`} items={items} />;
}
