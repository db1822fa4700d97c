/** Purchase-and-sale contracts of confirmed picks: the PDF (CJK font embedded), both parties' seals and Ed25519 signatures, verification. */
export { createContractService, contractNumberOf } from './contract.service';
export type { ContractService, ContractServiceDeps } from './contract.service';
export { registerContractRoutes } from './contract.routes';
export { loadSigningKey, type SigningKey } from './contract.keys';
export { createPartyDirectory, type PartyDirectoryDeps } from './contract.parties';
