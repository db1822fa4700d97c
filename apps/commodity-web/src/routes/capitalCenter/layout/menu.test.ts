import { describe, expect, it } from 'vitest';
import { capitalMenu } from './menu';

describe('capital center menu', () => {
  it('shows only what the rights allow', () => {
    expect(capitalMenu(() => true)).toHaveLength(12);
    expect(capitalMenu(() => false)).toEqual([]);
    const viewOnly = capitalMenu((code) => code === 'capital.view').map((e) => e.key);
    expect(viewOnly).toEqual(['info', 'infoIcbc', 'signList', 'signListIcbc', 'bankList']);
    expect(capitalMenu((code) => code === 'capital.withdraw').map((e) => e.path)).toEqual(['/capitalCenter/withdraw']);
  });
});
