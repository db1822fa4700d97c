export { ok, replyOf } from './envelope';
export { postRoutes, type BodyHandler, type PostRoute } from './routes';
export * from './errors';
export { installErrorHandler } from './error-handler';
export { installAuth, caller } from './auth';
export type { AuthContext, AuthRequirement, SessionResolver, StaffAccessResolver } from './context';
export { requireStaff } from './guards';
export { onBehalfOf, staffActor, userActor, viewerFirm } from './actors';
export { installSecurityHeaders } from './security-headers';
