import { PickupBillsPage } from '../components/PickupTable';

/** `…/logistics/logisticsBill`: logistics bills with carrier and tracking number. */
export const LogisticsBillPage = () => <PickupBillsPage mode="logistics" />;
