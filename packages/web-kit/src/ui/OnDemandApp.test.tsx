// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Button } from 'antd';
import { OnDemandApp } from './OnDemandApp';

afterEach(cleanup);

function Actions({ onAnswer }: { onAnswer?: (confirmed: boolean) => void }) {
  const { message, notification, modal } = App.useApp();
  return (
    <>
      <Button data-testid="save" onClick={() => void message.success('已保存')}>
        保存
      </Button>
      <Button data-testid="warn" onClick={() => notification.warning({ title: '请先完成实名认证', description: '实名认证后即可挂牌' })}>
        提醒
      </Button>
      <Button
        data-testid="withdraw"
        onClick={() => void modal.confirm({ title: '确认出金？', okButtonProps: { 'data-testid': 'ok' } }).then((confirmed) => onAnswer?.(confirmed), () => undefined)}
      >
        出金
      </Button>
      <Button
        data-testid="flash"
        onClick={() => {
          const close = message.info('正在处理', 0);
          close();
        }}
      >
        处理
      </Button>
    </>
  );
}

function renderActions(onAnswer?: (confirmed: boolean) => void) {
  render(
    <OnDemandApp>
      <Actions onAnswer={onAnswer} />
    </OnDemandApp>,
  );
}

describe('OnDemandApp', () => {
  it('shows a message asked for before the message code has arrived', async () => {
    renderActions();
    expect(screen.queryByText('已保存')).toBeNull();
    fireEvent.click(screen.getByTestId('save'));
    expect(await screen.findByText('已保存', undefined, { timeout: 10_000 })).toBeTruthy();
  });

  it('shows a notification with its title and text', async () => {
    renderActions();
    fireEvent.click(screen.getByTestId('warn'));
    expect(await screen.findByText('请先完成实名认证', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('实名认证后即可挂牌')).toBeTruthy();
  });

  it('opens a confirm dialog and gives the answer when it is confirmed', async () => {
    const answers: boolean[] = [];
    renderActions((confirmed) => answers.push(confirmed));
    fireEvent.click(screen.getByTestId('withdraw'));
    const ok = await screen.findByTestId('ok', undefined, { timeout: 10_000 });
    expect(document.querySelectorAll('.ant-modal-confirm')).toHaveLength(1);
    expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('确认出金？');
    fireEvent.click(ok);
    await waitFor(() => expect(answers).toEqual([true]));
  });

  it('closes a message through the function it gave back before the code arrived', async () => {
    renderActions();
    fireEvent.click(screen.getByTestId('flash'));
    // The save message, asked for after, shows: the one closed meanwhile does not stay.
    fireEvent.click(screen.getByTestId('save'));
    expect(await screen.findByText('已保存', undefined, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('正在处理')).toBeNull());
  });
});
