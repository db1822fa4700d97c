import type { Language } from '@tp/contract';

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

/** What a route demands of its caller (route `config.auth`). */
export type AuthRequirement = 'none' | 'optional' | 'user' | 'staff';

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
  }
}
