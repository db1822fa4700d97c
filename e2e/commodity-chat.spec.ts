// A visitor asks customer service a question before logging in; staff answer from the back office.
import { expect, test } from './page-errors';
import { staffWindow } from './support';

test('a visitor chats with staff: the question reaches the trading queue, the answer comes back live', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // Staff open the console: they count as on line for every department while it is open.
  const desk = await staffWindow(browser, '/admin/chat');
  await expect(desk.getByTestId('page-heading')).toHaveText('在线客服');
  await expect(desk.getByTestId('tab-trading')).toBeVisible();

  // The visitor opens the chat from the home page; it loads only on that click.
  await page.goto('/index');
  const question = `请问怎么挂牌？${Date.now()}`;
  await page.getByTestId('chat-launcher').click();
  await expect(page.getByTestId('chat-window')).toContainText('在线客服 · 交易');
  await page.getByTestId('chat-input').fill(question);
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-message-visitor')).toContainText(question);
  const conversationId = await page.getByTestId('chat-panel').getAttribute('data-conversation');

  // The question shows in the trading queue without reloading the console.
  const item = desk.getByTestId(`queue-item-${conversationId}`);
  await expect(item).toContainText(question, { timeout: 15_000 });
  await expect(item).toContainText('待接入');
  await item.click();
  await expect(desk.getByTestId('console-message-visitor')).toContainText(question);
  await desk.getByTestId('console-reply-text').fill('您好，请在卖方中心发布资源单。');
  await desk.getByTestId('console-reply').click();
  await expect(item).toContainText('服务中');

  // The visitor sees the answer live, then the end of the conversation.
  await expect(page.getByTestId('chat-message-staff')).toContainText('您好，请在卖方中心发布资源单。', { timeout: 15_000 });
  await desk.getByTestId('console-close').click();
  await desk.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByTestId('chat-messages')).toContainText('会话已结束', { timeout: 15_000 });
  await expect(page.getByTestId('chat-restart')).toBeVisible();
  await desk.close();
});

test('the exchange’s fiat pages reach the fiat desk; with nobody on line the visitor leaves a message that staff answer', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.goto('/exchange/fiat');
  await page.getByTestId('chat-launcher').click();
  await expect(page.getByTestId('chat-window')).toContainText('在线客服 · 法币');
  // Whether or not a console is open, a message can always be left.
  const leave = page.getByTestId('chat-leave');
  await expect(leave.or(page.getByTestId('chat-leave-form'))).toBeVisible();
  if (await leave.isVisible()) await leave.click();
  const content = `OTC 订单申诉怎么处理？${Date.now()}`;
  await page.getByTestId('chat-leave-name').fill('周先生');
  await page.getByTestId('chat-leave-contact').fill('13700001234');
  await page.getByTestId('chat-leave-content').fill(content);
  await page.getByTestId('chat-leave-submit').click();
  await expect(page.getByTestId('chat-ticket-created')).toContainText('留言已提交');

  const desk = await staffWindow(browser, '/admin/chat');
  await desk.getByTestId('tab-tickets').click();
  const row = desk.getByRole('row', { name: new RegExp(content) });
  await expect(row).toContainText('13700001234');
  await row.getByRole('button', { name: '回复留言' }).click();
  await desk.locator('.ant-modal textarea').fill('已电话联系处理。');
  await desk.locator('.ant-modal').getByRole('button', { name: /确\s*定|OK/ }).click();
  // Answered, it leaves the list of messages awaiting an answer and shows its answer under "all".
  await expect(row).toHaveCount(0);
  await desk.locator('.ant-select').filter({ hasText: '待回复' }).click();
  await desk.getByTitle('全部').click();
  await expect(desk.getByRole('row', { name: new RegExp(content) })).toContainText('已电话联系处理。');
  await desk.close();
});
