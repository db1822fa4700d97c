import { describe, expect, it } from 'vitest';
import { headerLoginPath, selectedNav } from './navigation';

describe('selectedNav', () => {
  it('lights the entry of the area the page belongs to', () => {
    expect(selectedNav('/index')).toEqual(['/index']);
    expect(selectedNav('/ResourceDocuments/details/7')).toEqual(['/ResourceDocuments/ResourceDocuments']);
    expect(selectedNav('/productionSell/cart')).toEqual(['/productionSell/productionSell']);
    expect(selectedNav('/personalCenter/accountInfo')).toEqual([]);
  });
});

describe('headerLoginPath', () => {
  it('comes back to the current page and query after login', () => {
    expect(headerLoginPath('/news', '?page=2')).toBe('/login?redirect=%2Fnews%3Fpage%3D2');
  });

  it.each(['/login', '/register/ABC', '/Forget', '/forget', '/QRCodeLogin'])('does not lead back to the auth page %s', (pathname) => {
    expect(headerLoginPath(pathname, '?redirect=%2Fx')).toBe('/login');
  });
});
