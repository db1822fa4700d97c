import { describe, expect, it } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { createLoginGuard } from './guard';

function args(url: string): LoaderFunctionArgs {
  return { request: new Request(url), params: {}, context: undefined } as LoaderFunctionArgs;
}

function redirectOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

describe('createLoginGuard', () => {
  it('admits a logged-in user', () => {
    const guard = createLoginGuard({ isLoggedIn: () => true });
    expect(guard(args('http://localhost/personalCenter/accountInfo'))).toBeNull();
  });

  it('sends everyone else to login with the wanted path and query', () => {
    const guard = createLoginGuard({ isLoggedIn: () => false });
    expect(redirectOf(() => guard(args('http://localhost/personalCenter/accountSafe?tab=phone')))).toBe(
      '/login?redirect=%2FpersonalCenter%2FaccountSafe%3Ftab%3Dphone',
    );
  });

  it('keeps the redirect app-relative under a basename', () => {
    const guard = createLoginGuard({ isLoggedIn: () => false }, { basename: '/exchange/' });
    expect(redirectOf(() => guard(args('http://localhost/exchange/assets')))).toBe('/login?redirect=%2Fassets');
  });
});
