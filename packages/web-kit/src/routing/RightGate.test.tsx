// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RightGate, mayOpen } from './RightGate';

const holds = (...codes: string[]) => (code: string) => codes.includes(code);

afterEach(cleanup);

describe('mayOpen', () => {
  it('opens a page for any one of its rights', () => {
    expect(mayOpen(['trade.list', 'trade.pick'], holds('trade.pick'))).toBe(true);
    expect(mayOpen(['trade.list'], holds('capital.view'))).toBe(false);
  });

  it('opens a page that names no right to everyone', () => {
    expect(mayOpen([], holds())).toBe(true);
  });
});

function gate(props: { anyOf: string[]; has: (code: string) => boolean; pending?: boolean; failed?: boolean }) {
  render(
    <RightGate anyOf={props.anyOf} has={props.has} pending={props.pending ?? false} failed={props.failed ?? false} loading="loading" loadFailed="failed" forbidden="无权访问">
      page
    </RightGate>,
  );
  return document.body.textContent;
}

describe('RightGate', () => {
  it('shows the page to holders of its right and "no access" to the rest', () => {
    expect(gate({ anyOf: ['trade.list'], has: holds('trade.list') })).toBe('page');
    cleanup();
    expect(gate({ anyOf: ['trade.list'], has: holds('capital.view') })).toBe('无权访问');
  });

  it('waits for the rights, and says when they could not be read, before deciding', () => {
    expect(gate({ anyOf: ['trade.list'], has: holds(), pending: true })).toBe('loading');
    cleanup();
    expect(gate({ anyOf: ['trade.list'], has: holds(), failed: true })).toBe('failed');
    expect(screen.queryByText('page')).toBeNull();
  });

  it('never holds back a page that needs no right', () => {
    expect(gate({ anyOf: [], has: holds(), pending: true })).toBe('page');
  });
});
