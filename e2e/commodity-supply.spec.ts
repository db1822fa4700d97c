import { expect, test } from '@playwright/test';
import { PNG, fillFields, login, staffLogin } from './support';

const OWNER = '13800000002';
test('a firm releases a note with a picture, staff approve it, it is public, staff take it off the shelf and the owner reads why', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const title = `端到端螺纹钢现货 ${Date.now()}`;

  // The owner reaches its notes from the public board.
  await page.goto('/supplyDemandInfo');
  await expect(page.getByTestId('page-heading')).toHaveText('供求信息');
  await login(page, OWNER, '/supplyDemandInfo/mine');
  await page.goto('/supplyDemandInfo');
  await page.getByTestId('supply-mine-link').click();
  await expect(page).toHaveURL(/\/supplyDemandInfo\/mine$/);

  // Release: an empty form is refused naming the fields, a bad phone number too.
  await page.getByTestId('note-release').click();
  await page.getByTestId('note-submit').click();
  await expect(page.getByText('请填写标题')).toBeVisible();
  await fillFields(page, { title, commodityName: '螺纹钢', brand: '沙钢', specifications: 'HRB400E Φ18', price: '3650.5', weight: '120.25', address: '上海市宝山区长江路 88 号', companyName: '上海端到端贸易有限公司', contactsName: '王经理', contactsPhone: '12345' });
  await page.getByTestId('note-submit').click();
  await expect(page.getByText('联系电话须为手机号或带区号的固定电话')).toBeVisible();
  await page.getByTestId('field-contactsPhone').fill('13912345678');
  await page.locator('.ant-modal input[type=file]').setInputFiles({ name: 'steel.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('field-img-preview')).toBeVisible();
  await page.getByTestId('note-submit').click();
  await page.getByTestId('note-submit-ok').click();
  const row = page.locator('[data-testid^="my-note-"]').filter({ hasText: title });
  await expect(row).toHaveAttribute('data-status', 'W');
  await expect(row.getByTestId('note-status')).toHaveText('待审核');
  const noteId = ((await row.getAttribute('data-testid')) ?? '').replace('my-note-', '');
  // Pending notes cannot be pinned: only revoking is offered.
  await expect(row.getByTestId('note-top')).toHaveCount(0);
  await expect(row.getByTestId('note-undo')).toBeVisible();

  // Staff approve it from the audit queue, looking at the picture.
  const admin = await (await browser.newContext()).newPage();
  await staffLogin(admin, '/admin/supply');
  await expect(admin.getByTestId('supply-tab-queue')).toBeVisible();
  const queued = admin.getByTestId(`admin-note-${noteId}`);
  await expect(queued).toHaveAttribute('data-status', 'W');
  await expect(queued.getByTestId('admin-note-image')).toBeVisible();
  await queued.getByTestId('note-approve').click();
  await admin.getByTestId('note-approve-ok').click();
  await expect(queued).toHaveCount(0);

  // A visitor finds it on the public board, with its picture; the contact needs a login.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/supplyDemandInfo');
  await visitor.getByTestId('filter-keyword').fill(title);
  await visitor.getByTestId('filter-search').click();
  const shown = visitor.getByTestId(`board-note-${noteId}`);
  await expect(shown).toBeVisible();
  await expect(shown.getByTestId('board-note-price')).toHaveText('3650.50 元/吨');
  await expect(shown.getByTestId('note-image')).toBeVisible();
  await shown.getByTestId('board-note-title').click();
  await expect(visitor).toHaveURL(new RegExp(`/supplyDemandInfo/details/${noteId}$`));
  await expect(visitor.getByTestId('note-title')).toHaveText(title);
  await expect(visitor.getByTestId('note-contact')).toHaveText('登录后可查看联系人与电话');
  await expect(visitor.getByTestId('note-login-for-contact')).toBeVisible();

  // The owner, logged in, pins it…
  await page.reload();
  await expect(row).toHaveAttribute('data-status', 'T');
  await row.getByTestId('note-top').click();
  await page.getByTestId('note-top-ok').click();
  await expect(row.getByTestId('note-topAt')).not.toHaveText('—');
  // …unpins it, and pins it again.
  await row.getByTestId('note-untop').click();
  await page.getByTestId('note-untop-ok').click();
  await expect(row.getByTestId('note-topAt')).toHaveText('—');
  await expect(row.getByTestId('note-untop')).toHaveCount(0);
  await row.getByTestId('note-top').click();
  await page.getByTestId('note-top-ok').click();
  await expect(row.getByTestId('note-topAt')).not.toHaveText('—');

  // Staff force it off the shelf: a reason is required and the firm reads it.
  await admin.getByTestId('supply-tab-all').click();
  const search = admin.getByTestId('admin-filter-keyword-all').locator('input');
  await search.fill(title);
  await search.press('Enter');
  const listed = admin.getByTestId(`admin-note-${noteId}`);
  await expect(listed).toHaveAttribute('data-status', 'T');
  await listed.getByTestId('note-offshelf').click();
  await admin.getByTestId('note-offshelf-ok').click();
  await expect(admin.getByText('请填写原因，至少 2 个字')).toBeVisible();
  await admin.getByTestId('note-offshelf-reason').fill('价格明显偏离市场，请核实后重新发布');
  await admin.getByTestId('note-offshelf-ok').click();
  await expect(listed).toHaveAttribute('data-status', 'D');

  // Gone from the public board.
  await visitor.goto('/supplyDemandInfo');
  await visitor.getByTestId('filter-keyword').fill(title);
  await visitor.getByTestId('filter-search').click();
  await expect(visitor.getByTestId('supply-empty')).toBeVisible();
  await expect(visitor.getByTestId(`board-note-${noteId}`)).toHaveCount(0);

  // The owner sees the state and the reason; nothing more can be done with it.
  await page.reload();
  await expect(row).toHaveAttribute('data-status', 'D');
  await expect(row.getByTestId('note-status')).toHaveText('已强制下架');
  await expect(row.getByTestId('note-reason')).toHaveText('已强制下架原因：价格明显偏离市场，请核实后重新发布');
  await expect(row.getByTestId('note-undo')).toHaveCount(0);
  await expect(row.getByTestId('note-top')).toHaveCount(0);
});
