import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PickTable } from '../components/PickTable';
import { ListingCard } from '../shared';

/** `/matching/pickGoods`: picks waiting for the firm: to confirm on its listings, to pay as the buyer, to invoice as the seller. */
export function PickGoodsPage() {
  const { t } = useTranslation();
  return (
    <ListingCard title={t('listing.menu.pickGoods')}>
      <Tabs
        items={[
          { key: 'sellerWaiting', label: `${t('listing.pickStatus.W')} · ${t('listing.side.seller')}`, children: <PickTable side="seller" fixed={{ status: 'W' }} /> },
          // On purchase requests the buyer owns the listing and confirms the seller's pick.
          { key: 'buyerWaiting', label: `${t('listing.pickStatus.W')} · ${t('listing.side.buyer')}`, children: <PickTable side="buyer" fixed={{ status: 'W' }} /> },
          { key: 'pay', label: t('listing.actions.payBalance'), children: <PickTable side="buyer" fixed={{ status: 'T', payStatus: 'F' }} /> },
          { key: 'invoice', label: t('listing.actions.uploadInvoice'), children: <PickTable side="seller" fixed={{ status: 'T', payStatus: 'L', invoiceStatus: 'W' }} /> },
          { key: 'confirmInvoice', label: t('listing.actions.confirmInvoice'), children: <PickTable side="buyer" fixed={{ status: 'T', invoiceStatus: 'O' }} /> },
        ]}
      />
    </ListingCard>
  );
}
