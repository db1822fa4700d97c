import type { PayPageModel } from './sandbox-providers';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const NAMES = { alipay: '支付宝（沙箱）', wechat: '微信支付（沙箱）' } as const;
const COLORS = { alipay: '#1677ff', wechat: '#07c160' } as const;

const STATE_TEXT: Record<PayPageModel['state'], string> = {
  waiting: '请确认付款',
  paid: '支付成功，商户将收到支付结果通知',
  closed: '订单已关闭，无法支付',
  expired: '订单已过期，无法支付',
  failed: '支付失败：余额不足（沙箱模拟），可重新支付',
};

/**
 * The sandbox provider's "scan to pay" page, as the payer's phone would show it after scanning.
 * A tester presses pay (or makes the payment fail); the provider then notifies the platform.
 */
export function renderPayPage(model: PayPageModel | undefined, actionPath: string): string {
  if (!model) {
    return page('沙箱支付', '<p class="state" data-state="invalid">二维码无效或已被篡改</p>', '#999');
  }
  const color = COLORS[model.channel];
  const waiting = model.state === 'waiting' || model.state === 'failed';
  const form = waiting
    ? `<form method="post" action="${escape(actionPath)}">
  <button type="submit" name="action" value="pay" class="pay">确认支付 ¥${escape(model.amount)}</button>
  <button type="submit" name="action" value="fail" class="fail">模拟支付失败</button>
</form>`
    : '';
  const body = `<h1>${NAMES[model.channel]}</h1>
<p class="amount">¥<span data-testid="amount">${escape(model.amount)}</span></p>
<p class="subject">${escape(model.subject)}</p>
<p class="meta">商户订单号 ${escape(model.outTradeNo)}</p>
<p class="state" data-state="${model.state}">${STATE_TEXT[model.state]}</p>
${form}
<p class="note">此页面由沙箱支付机构提供，仅用于开发与测试，不会产生真实扣款。</p>`;
  return page(NAMES[model.channel], body, color);
}

function page(title: string, body: string, color: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title>
<style>
body{font-family:system-ui,"Noto Sans CJK SC",sans-serif;max-width:420px;margin:0 auto;padding:24px;text-align:center;color:#222}
h1{color:${color};font-size:20px}.amount{font-size:36px;font-weight:600;margin:16px 0}.subject{color:#555}.meta,.note{color:#999;font-size:12px}
.state{margin:16px 0;font-weight:500}button{display:block;width:100%;padding:12px;margin:8px 0;border-radius:6px;border:0;font-size:16px;cursor:pointer}
.pay{background:${color};color:#fff}.fail{background:#f5f5f5;color:#555}
</style></head><body>${body}</body></html>`;
}
