import type { AddressRow } from '@tp/contract';

/** A delivery address as the server lists it, for page tests; the street names the id. */
export const deliveryAddress = (id: string, recipients: string, defaultFlag: '0' | '1', postCode = ''): AddressRow => ({
  id,
  recipients,
  recipientsCellphone: '13711112222',
  region: '浙江省宁波市',
  addressName: `镇海区${id}号仓`,
  postCode,
  defaultFlag,
});
