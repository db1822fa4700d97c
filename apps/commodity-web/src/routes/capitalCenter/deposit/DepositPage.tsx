import { FundForm } from '../components/FundForm';

/** `/capitalCenter/deposit`: fund in from a signed bank account. */
export function DepositPage() {
  return <FundForm fundDealflag="1" />;
}
