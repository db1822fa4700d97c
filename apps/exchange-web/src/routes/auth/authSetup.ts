import type { AuthPagesSetup } from '@tp/web-kit';
import { identity } from '../../api/client';
import { paths } from '../../paths';

/** The shared login, registration and password pages as this app shows them. */
export const AUTH_SETUP: AuthPagesSetup = { identity, paths, card: { className: 'ex-auth-card', headingClassName: 'ex-heading' }, keepOtherSessions: true };
