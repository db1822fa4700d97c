/** The firm module's public surface: firms, roles and the rights every firm action is checked against. */
export { createFirmService, parseId, type FirmRecord, type FirmService, type FirmServiceDeps } from './firm.service';
export { registerFirmRoutes } from './firm.routes';
export { RIGHTS, RIGHT_CODES, isRightCode, type RightCode } from './firm.schemas';
