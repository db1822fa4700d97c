// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Button } from 'antd';
import { ApiError } from '../api/client';
import { runAction, useApp } from './actions';

const refused = () => new ApiError('-1', '余额不足', 409);

// The test runner's own process, where an unhandled rejection of the page's code ends up.
type Listener = (reason: unknown) => void;
const runner = (globalThis as unknown as { process: { on(event: 'unhandledRejection', l: Listener): void; off(event: 'unhandledRejection', l: Listener): void } }).process;

describe('runAction', () => {
  it('gives the result of an action that succeeds', async () => {
    expect(await runAction(() => Promise.resolve('paid'))).toBe('paid');
  });

  it('ends a refusal the user has already been shown', async () => {
    expect(await runAction(() => Promise.reject(refused()))).toBeUndefined();
    expect(await runAction(Promise.reject({ errorFields: [{ name: ['amount'], errors: ['请输入金额'] }] }))).toBeUndefined();
  });

  it('throws on a fault nobody was told about', async () => {
    await expect(runAction(() => Promise.reject(new TypeError('x is undefined')))).rejects.toThrow('x is undefined');
  });
});

describe('useApp confirm dialogs', () => {
  const uncaught: unknown[] = [];
  const onUnhandled = (reason: unknown) => uncaught.push(reason);
  beforeEach(() => {
    uncaught.length = 0;
    runner.on('unhandledRejection', onUnhandled);
  });
  afterEach(() => {
    runner.off('unhandledRejection', onUnhandled);
    cleanup();
  });

  function Checkout({ onOk }: { onOk: () => Promise<unknown> }) {
    const { modal } = useApp();
    return <Button data-testid="open" onClick={() => modal.confirm({ title: '确认结算', okButtonProps: { 'data-testid': 'ok' }, onOk })}>结算</Button>;
  }

  it('leaves no uncaught error when the confirmed action is refused', async () => {
    render(
      <App>
        <Checkout onOk={() => Promise.reject(refused())} />
      </App>,
    );
    fireEvent.click(screen.getByTestId('open'));
    fireEvent.click(await screen.findByTestId('ok'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(uncaught).toEqual([]);
  });

  it('still runs the confirmed action', async () => {
    let paid = false;
    render(
      <App>
        <Checkout onOk={() => Promise.resolve().then(() => (paid = true))} />
      </App>,
    );
    fireEvent.click(screen.getByTestId('open'));
    fireEvent.click(await screen.findByTestId('ok'));
    await waitFor(() => expect(paid).toBe(true));
  });
});
