import { deflateSync } from 'node:zlib';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { freshMobile, latestCode, register, sendCode, staffWindow } from './support';
import { balances, move, signWithIcbc, staff as backOffice } from './commodity-capital';

/** A small solid-colour PNG, built here so each photo differs and nothing comes from disk. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

/** An 18-character unified social credit code that no other run uses. */
function registerNo(mobile: string): string {
  return `91310000${mobile.slice(-8)}MA`;
}

/** The HTTP status of an API call made directly from the page with its session, as a user could. */
async function apiStatus(page: Page, path: string): Promise<number> {
  return page.evaluate(async (url) => {
    const stored = JSON.parse(sessionStorage.getItem('tp.commodity.session') ?? '{}') as Record<string, string>;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', sessionStr: stored.sessionStr ?? '', userId: stored.userId ?? '', firmId: stored.firmId ?? '', terminalType: '4' },
      body: '{}',
    });
    return response.status;
  }, path);
}

/** Back-office staff open a review queue, find the submission and approve it at that level. */
async function approveAt(browser: Browser, level: 'member' | 'risk', code: string): Promise<void> {
  const staff = await staffWindow(browser, `/admin/certification/${level}`);
  await staff.getByTestId('list-search').getByRole('searchbox').fill(code);
  await staff.getByTestId('list-search').getByRole('searchbox').press('Enter');
  const table = staff.getByTestId('certification-table');
  await expect(table).toContainText(code);
  await table.getByRole('button', { name: /审\s?核/ }).click();
  await expect(staff.getByTestId('certification-detail')).toContainText(code);
  // The three photos come as thumbnails.
  await expect(staff.locator('.ant-drawer img')).toHaveCount(3);
  await staff.getByTestId('approve').click();
  await staff.getByTestId('confirm-approve').click();
  await expect(staff.getByText('已通过').first()).toBeVisible();
  await staff.close();
}

test('a new enterprise certifies through both review levels, gives a staff member a role that opens only what it allows, signs with the bank, funds in, and gets a failed fund out back', async ({ page, request, browser }) => {
  test.setTimeout(150_000);
  const mobile = await register(page, request, { enterprise: true });
  const code = registerNo(mobile);

  // Certification with photos.
  await page.goto('/personalCenter/enterpriseAuth');
  await expect(page.getByTestId('certification-status')).toHaveText('未认证');
  await page.locator('#certification_enterpriseName').fill('上海端到端贸易有限公司');
  await page.locator('#certification_firmType').click();
  await page.getByTitle('企业法人').click();
  await page.locator('#certification_registerNo').fill(code);
  await page.locator('#certification_corporateName').fill('王大明');
  await page.locator('#certification_enterprisePhone').fill('021-62345678');
  await page.locator('#certification_operatorName').fill('李小红');
  await page.locator('#certification_operatorPhone').fill('13912345678');
  await page.locator('#certification_enterpriseAddress').fill('上海市浦东新区世纪大道 100 号');
  // A form without photos is refused, naming the photo.
  await page.getByTestId('certification-submit').click();
  await expect(page.getByText('请选择营业执照')).toBeVisible();
  const files = page.locator('input[type=file]');
  const colours: [number, number, number][] = [
    [200, 30, 30],
    [30, 160, 60],
    [40, 60, 200],
  ];
  for (let i = 0; i < 3; i++) await files.nth(i).setInputFiles({ name: `photo${i}.png`, mimeType: 'image/png', buffer: png(64, 40, colours[i] ?? [0, 0, 0]) });
  await expect(page.locator('.ant-upload img')).toHaveCount(3);
  await page.getByTestId('certification-submit').click();
  await expect(page.getByTestId('certification-status')).toHaveText('会员审核中');

  await approveAt(browser, 'member', code);
  await page.reload();
  await expect(page.getByTestId('certification-status')).toHaveText('风控审核中');
  await approveAt(browser, 'risk', code);
  await page.reload();
  await expect(page.getByTestId('certification-status')).toHaveText('认证通过');

  // The main account makes a role and a staff member with it.
  await page.goto('/personalCenter/staffRoleMgt');
  await page.getByTestId('role-add').click();
  await page.locator('#role_roleName').fill('业务员');
  await page.getByTestId('right-trade.pick').click();
  await page.getByTestId('right-enterprise.view').click();
  await page.getByTestId('role-save').click();
  await expect(page.getByTestId('role-table')).toContainText('业务员');

  const staffMobile = freshMobile();
  await page.goto('/personalCenter/staffAccountMgt');
  await page.getByTestId('staff-add').click();
  await page.locator('#staff_cellphone').fill(staffMobile);
  await page.locator('#staff_userName').fill('周业务');
  // The dropdown may still be opening when the option is clicked: choose until the field shows the role
  // (clicking only while it does not, since a second click on a chosen role takes it off again).
  const roles = page.locator('.ant-select', { has: page.locator('#staff_roleIds') });
  await expect(async () => {
    if (!((await roles.textContent()) ?? '').includes('业务员')) {
      await page.locator('#staff_roleIds').click();
      await page.locator('.ant-select-dropdown:visible').getByTitle('业务员').click({ timeout: 5_000 });
    }
    await expect(roles).toContainText('业务员', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await page.getByTestId('staff-save').click();
  await expect(page.getByTestId('staff-table')).toContainText(staffMobile);
  await expect(page.getByTestId('staff-table')).toContainText('业务员');

  // The staff member logs in with their own phone (SMS code) in another browser.
  const context = await browser.newContext();
  const staff = await context.newPage();
  await staff.goto('/login');
  await staff.getByRole('tab', { name: '验证码登录' }).click();
  await staff.locator('#codeLogin_loginAccount').fill(staffMobile);
  await sendCode(staff, request);
  await staff.locator('#codeLogin_code').fill(await latestCode(request, staffMobile, 'login'));
  await staff.getByTestId('code-login-submit').click();
  await expect(staff.getByTestId('user-menu')).toBeVisible();

  await staff.goto('/personalCenter/accountInfo');
  const menu = staff.getByTestId('personal-menu');
  await expect(menu.getByTestId('menu-enterprise')).toBeVisible();
  await expect(menu.getByTestId('menu-CompanyManagement')).toBeVisible();
  await expect(menu.getByTestId('menu-staffAccountMgt')).toHaveCount(0);
  await expect(menu.getByTestId('menu-staffRoleMgt')).toHaveCount(0);
  await expect(menu.getByTestId('menu-enterpriseAuth')).toHaveCount(0);

  // What the role allows opens; the firm's certification shows for the sub-account.
  await menu.getByTestId('menu-enterprise').click();
  await expect(staff.getByTestId('certification-status')).toHaveText('认证通过');
  await expect(staff.getByTestId('account-relation')).toContainText('子账户');

  // A direct address to a page the role does not open is refused, and so is the API behind it.
  await staff.goto('/personalCenter/staffAccountMgt');
  await expect(staff.getByTestId('forbidden')).toBeVisible();
  await expect(staff.getByTestId('staff-table')).toHaveCount(0);
  expect(await apiStatus(staff, '/api/firm/staff/list')).toBe(403);

  // The role holds no capital right: no capital center in the staff member's menu, and its API refuses.
  await staff.getByTestId('user-menu').click();
  await expect(staff.getByTestId('menu-personal-center')).toBeVisible();
  await expect(staff.getByTestId('menu-capital-center')).toHaveCount(0);
  expect(await apiStatus(staff, '/api/capital/info')).toBe(403);
  await context.close();

  // The main account signs with ICBC, funds in through the sandbox bank's signed callback, and a
  // fund out the bank fails comes back in full.
  await signWithIcbc(page, '上海端到端贸易有限公司');
  const before = await balances(page);
  await move(page, '/capitalCenter/deposit', '1000', '1,000.00');
  await expect(page.getByTestId('sent-status')).toHaveAttribute('data-status', '1', { timeout: 20_000 });
  const funded = await balances(page);
  expect(funded.available - before.available).toBe(100000n);
  await backOffice(request, '/api/admin/bank/sandbox/control', { bankId: 'icbc', action: 'failNext' });
  await move(page, '/capitalCenter/withdraw', '300', '300.00');
  await expect(page.getByTestId('sent-status')).toHaveAttribute('data-status', '2', { timeout: 20_000 });
  expect(await balances(page)).toEqual(funded);
});
