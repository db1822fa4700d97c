import { describe, expect, it } from 'vitest';
import { createInternalSigner } from '../src/platform/cluster/index';

describe('signed calls between instances', () => {
  const signer = createInternalSigner('a-secret-of-this-deployment-0123456789');
  const body = JSON.stringify({ op: 'depth', symbol: 'BTCUSDT', limit: 5 });
  const at = Date.parse('2026-01-05T02:00:00Z');

  it('accept a call signed with the same secret, for exactly that method, path and body', () => {
    const signature = signer.sign('POST', '/internal/spot/command', body, at);
    expect(signer.verify(signature, 'POST', '/internal/spot/command', body, at + 1000)).toBe(true);
    expect(signer.verify(signature, 'POST', '/internal/spot/command', body.replace('5', '6'), at)).toBe(false);
    expect(signer.verify(signature, 'POST', '/internal/other', body, at)).toBe(false);
    expect(signer.verify(signature, 'GET', '/internal/spot/command', body, at)).toBe(false);
  });

  it('refuse another secret, a stale or future time, and malformed or missing signatures', () => {
    const other = createInternalSigner('another-secret-of-another-deployment-987');
    expect(signer.verify(other.sign('POST', '/p', body, at), 'POST', '/p', body, at)).toBe(false);
    const signature = signer.sign('POST', '/p', body, at);
    expect(signer.verify(signature, 'POST', '/p', body, at + 61_000)).toBe(false);
    expect(signer.verify(signature, 'POST', '/p', body, at - 61_000)).toBe(false);
    expect(signer.verify(signature.replace(/s=.{4}/, 's=0000'), 'POST', '/p', body, at)).toBe(false);
    for (const bad of [undefined, '', 't=1', `t=${at},s=zz`, `${signature},x`]) expect(signer.verify(bad, 'POST', '/p', body, at), String(bad)).toBe(false);
  });
});
