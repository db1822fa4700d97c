/** The firm module's public surface: firms, roles and the rights every firm action is checked against. */
export { createFirmService, parseId, type FirmRecord, type FirmService, type FirmServiceDeps } from './firm.service';
export { registerFirmRoutes } from './firm.routes';
export { requireFirmRight } from './rights';
export { RIGHTS, RIGHT_CODES, RIGHT_GROUPS, isRightCode, rightGroupOf, type RightCode, type RightGroup } from './firm.schemas';
/** Enterprise certification (two-level review), staff and roles, delivery addresses, the signature seal (`profile.sealImageOf` for contracts). */
export { createEnterpriseServices, type EnterpriseServices, type EnterpriseServiceDeps } from './enterprise.service';
export { registerEnterpriseRoutes } from './enterprise.routes';
export { REVIEWERS } from './certification.service';
