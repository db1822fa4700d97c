import { PickupBillsPage } from '../components/PickupTable';

/** `…/logistics/selfBill`: self pickup bills with their pickup codes. */
export const SelfBillPage = () => <PickupBillsPage mode="self" />;
