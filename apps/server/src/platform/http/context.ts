import type { Language, StaffAccess, StaffRight } from '@tp/contract';

/** Who is calling, as established by the auth hook from the session headers. */
export interface AuthContext {
  kind: 'user' | 'staff';
  sessionId: string;
  userId: string;
  /** Empty for staff sessions. */
  firmId: string;
  marketId: string;
  isMainAccount: boolean;
  language: Language;
}

/**
 * What a route demands of its caller (route `config.auth`). Back-office operations name the staff
 * right they need (`{ staff: 'withdrawal.approve' }`, or a list: any one of them); plain `'staff'` is only for what every
 * staff member does for themselves (their own profile, rights, logout).
 */
export type AuthRequirement = 'none' | 'optional' | 'user' | 'staff' | { staff: StaffRight | readonly StaffRight[] };

/** The staff member's rights and the audit of staff actions that no service records; implemented by the staff module. */
export interface StaffAccessResolver {
  accessOf(staffId: string): Promise<StaffAccess>;
  /** Audits a staff operation that changes no database row of its own (sandbox controls). */
  recordAction(entry: { staffId: string; action: string; objectId: string; detail: unknown }): Promise<void>;
}

/** Resolves the session headers to a caller; implemented by the identity module. */
export interface SessionResolver {
  resolve(input: {
    kind: 'user' | 'staff';
    sessionStr: string;
    userId: string;
    firmId: string;
    marketId: string;
  }): Promise<AuthContext>;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    lang: Language;
  }
  interface FastifyContextConfig {
    auth?: AuthRequirement;
    /** Audit a successful call under this action name (for operations whose service keeps no audit of its own). */
    audit?: string;
  }
}
