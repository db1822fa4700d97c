import type { SessionInfo } from '@tp/contract';

/**
 * A logged-in user's session as the login call answers it (a personal main account, language
 * cn), with what a test checks overridden. For tests of the session, the API client and the
 * apps' route maps.
 */
export function sessionInfoFor(overrides: Partial<SessionInfo> = {}): SessionInfo {
  return {
    isLogin: true,
    userId: 'u-1',
    sessionStr: 's-abc',
    tel: '13800000001',
    firmId: 'f-9',
    firmCode: 'F0009',
    marketId: '13',
    userType: 'personal',
    userCerStatus: '0',
    nickNameStatus: '0',
    highCerStatus: '0',
    isMainAccount: true,
    language: 'cn',
    ...overrides,
  };
}
