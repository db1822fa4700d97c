import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect, stripBasename, withBasename } from './redirect';

describe('safeRedirect', () => {
  it.each([
    ['/personalCenter/accountInfo', '/personalCenter/accountInfo'],
    ['/QRCodeLogin?confirm=abc-123', '/QRCodeLogin?confirm=abc-123'],
    ['/news#top', '/news#top'],
  ])('keeps the same-origin path %s', (raw, expected) => {
    expect(safeRedirect(raw, '/index')).toBe(expected);
  });

  it.each([
    [null],
    [''],
    ['personalCenter'],
    ['https://evil.example/'],
    ['//evil.example/path'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['/\t/evil.example'],
    ['javascript:alert(1)'],
    ['/login'],
    ['/login?redirect=%2Findex'],
  ])('falls back for %j', (raw) => {
    expect(safeRedirect(raw, '/index')).toBe('/index');
  });
});

describe('loginPathFor', () => {
  it('encodes the target path and query as the redirect parameter', () => {
    expect(loginPathFor('/personalCenter/accountSafe?x=1&y=2')).toBe('/login?redirect=%2FpersonalCenter%2FaccountSafe%3Fx%3D1%26y%3D2');
  });

  it('leaves out a target that could not be followed back', () => {
    expect(loginPathFor('//evil.example')).toBe('/login');
    expect(loginPathFor('/login')).toBe('/login');
  });
});

describe('basename handling', () => {
  it('strips and adds the app basename', () => {
    expect(stripBasename('/exchange/assets', '/exchange/')).toBe('/assets');
    expect(stripBasename('/exchange', '/exchange')).toBe('/');
    expect(stripBasename('/index', '/')).toBe('/index');
    expect(stripBasename('/exchanged', '/exchange')).toBe('/exchanged');
    expect(withBasename('/login?redirect=%2Fa', '/exchange/')).toBe('/exchange/login?redirect=%2Fa');
    expect(withBasename('/login', '/')).toBe('/login');
  });
});
