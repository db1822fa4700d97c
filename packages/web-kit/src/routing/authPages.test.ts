import { describe, expect, it } from 'vitest';
import { loginPathFrom } from './authPages';

const AUTH = ['/login', '/register', '/forget'];

describe('loginPathFrom', () => {
  it('comes back to the current page and query after login', () => {
    expect(loginPathFrom('/news', '?page=2', AUTH)).toBe('/login?redirect=%2Fnews%3Fpage%3D2');
    expect(loginPathFrom('/assets', '', AUTH, '/signin')).toBe('/signin?redirect=%2Fassets');
  });

  it.each(['/login', '/register/ABC', '/Forget', '/forget'])('does not lead back to the sign-in page %s', (pathname) => {
    expect(loginPathFrom(pathname, '?redirect=%2Fx', AUTH)).toBe('/login');
  });
});
