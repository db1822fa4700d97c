import { chainAddressProblem, type AddressBookEntry } from '@tp/contract';

export interface AddressRefusal {
  /** Under `wallet.addressRule`. */
  rule: 'format' | 'checksum' | 'notSaved' | 'notYetUsable';
  params: Record<string, string | number>;
}

/**
 * What the server would refuse in a typed withdrawal address, checked in the form before the
 * confirmation: the chain's format and checksum (the same rule the server runs), and in whitelist
 * mode a saved address of the asset that has been in the book for 24 hours.
 */
export function addressRefusal(
  address: string,
  asset: { code: string; chain: string },
  whitelist?: { book: readonly AddressBookEntry[]; now?: number },
): AddressRefusal | null {
  const problem = chainAddressProblem(asset.chain, address);
  if (problem) return { rule: problem, params: { chain: asset.chain } };
  if (!whitelist) return null;
  const saved = whitelist.book.find((entry) => entry.asset === asset.code && entry.address === address);
  if (!saved) return { rule: 'notSaved', params: {} };
  const left = Date.parse(saved.usableAt) - (whitelist.now ?? Date.now());
  return left > 0 ? { rule: 'notYetUsable', params: { hours: Math.ceil(left / 3_600_000) } } : null;
}
