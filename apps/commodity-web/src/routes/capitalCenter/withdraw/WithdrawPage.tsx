import { FundForm } from '../components/FundForm';

/** `/capitalCenter/withdraw`: fund out to a signed bank account; the amount is frozen until the bank answers. */
export function WithdrawPage() {
  return <FundForm fundDealflag="2" />;
}
