import { createSign, createVerify } from 'node:crypto';
import { Decimal } from '@tp/decimal';
import {
  NotificationRejected,
  ProviderCallFailed,
  sortedQueryString,
  type BillLine,
  type InboundNotification,
  type MobilePayProvider,
  type NotificationAck,
  type ProviderNotice,
  type ProviderOrder,
} from './provider';

/**
 * The Alipay open-platform shape: every request and answer signed RSA2 (SHA256withRSA) over the
 * parameters sorted as `key=value&…`; answers wrapped as `{ "<method>_response": {...}, "sign" }`;
 * asynchronous notifications posted as a form, answered with the plain word `success`.
 */

/** Posts signed request parameters to the gateway and resolves with its raw JSON answer. */
export type AlipayGateway = (params: Record<string, string>) => Promise<string>;

export interface AlipayConfig {
  appId: string;
  /** Our application private key (PKCS#8 PEM): signs requests. */
  merchantPrivateKey: string;
  /** Alipay's public key (SPKI PEM): verifies answers and notifications. */
  alipayPublicKey: string;
  gateway: AlipayGateway;
  now: () => Date;
}

export function rsa2Sign(content: string, privateKeyPem: string): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKeyPem, 'base64');
}

export function rsa2Verify(content: string, signature: string, publicKeyPem: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKeyPem, signature, 'base64');
  } catch {
    return false;
  }
}

/** Signs a parameter set the way Alipay does: all parameters but `sign`, sorted. */
export function alipaySignParams(params: Record<string, string>, privateKeyPem: string): Record<string, string> {
  return { ...params, sign: rsa2Sign(sortedQueryString(params, ['sign']), privateKeyPem) };
}

/** A notification's signature covers every field but `sign` and `sign_type`. */
export function alipayNotificationValid(params: Readonly<Record<string, string>>, publicKeyPem: string): boolean {
  const sign = params.sign;
  if (!sign || params.sign_type !== 'RSA2') return false;
  return rsa2Verify(sortedQueryString(params, ['sign', 'sign_type']), sign, publicKeyPem);
}

/** Alipay's wall-clock format, in China time: `2026-11-26 17:30:00`. */
export function alipayTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

export function parseAlipayTime(text: string | undefined): Date | null {
  if (!text || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null;
  return new Date(`${text.replace(' ', 'T')}+08:00`);
}

const yuan = (amount: string) => Decimal.parse(amount).toFixed(2);
const money = (text: string | undefined) => {
  if (!text || !/^\d+(\.\d{1,2})?$/.test(text)) throw new NotificationRejected('malformed');
  return Decimal.parse(text).toString();
};

export function createAlipayProvider(config: AlipayConfig): MobilePayProvider {
  /** Calls one API method; verifies the answer's signature and its business code. */
  async function call(method: string, biz: Record<string, unknown>, extra: Record<string, string> = {}): Promise<Record<string, string>> {
    const params = alipaySignParams(
      { app_id: config.appId, method, format: 'JSON', charset: 'utf-8', sign_type: 'RSA2', timestamp: alipayTime(config.now()), version: '1.0', ...extra, biz_content: JSON.stringify(biz) },
      config.merchantPrivateKey,
    );
    let raw: string;
    try {
      raw = await config.gateway(params);
    } catch (err) {
      throw new ProviderCallFailed('unreachable', err instanceof Error ? err.message : String(err));
    }
    const node = `${method.replaceAll('.', '_')}_response`;
    // The signature covers the answer node's exact text, so it is cut out of the raw JSON, not re-serialized.
    const start = raw.indexOf(`"${node}":`);
    const end = raw.lastIndexOf(',"sign":"');
    const body = start >= 0 && end > start ? raw.slice(start + node.length + 3, end) : '';
    const sign = end > 0 ? /^,"sign":"([^"]+)"/.exec(raw.slice(end))?.[1] : undefined;
    if (!body || !sign || !rsa2Verify(body, sign, config.alipayPublicKey)) throw new ProviderCallFailed('sign', `${method}: answer failed verification`);
    const answer = JSON.parse(body) as Record<string, string>;
    if (answer.code !== '10000') throw new ProviderCallFailed(answer.sub_code ?? answer.code ?? 'unknown', answer.sub_msg ?? answer.msg ?? method);
    return answer;
  }

  return {
    channel: 'alipay',
    async createPayment(input) {
      const answer = await call(
        'alipay.trade.precreate',
        { out_trade_no: input.outTradeNo, total_amount: yuan(input.amount), subject: input.subject, time_expire: alipayTime(input.expiresAt) },
        { notify_url: input.notifyUrl },
      );
      const qr = answer.qr_code ?? '';
      return { qrContent: qr, payPageUrl: qr };
    },
    parseNotification(input: InboundNotification): ProviderNotice {
      const params = Object.fromEntries(new URLSearchParams(input.rawBody)) as Record<string, string>;
      if (!alipayNotificationValid(params, config.alipayPublicKey)) throw new NotificationRejected('signature');
      if (params.app_id !== config.appId) throw new NotificationRejected('merchant');
      const outTradeNo = params.out_trade_no;
      const providerTradeNo = params.trade_no;
      if (!outTradeNo || !providerTradeNo) throw new NotificationRejected('malformed');
      const at = parseAlipayTime(params.gmt_refund ?? params.gmt_payment ?? params.notify_time) ?? new Date(0);
      // A refund is told by its refund fields on the trade's notification.
      if (params.out_biz_no && params.refund_fee) {
        return {
          kind: 'refund',
          outTradeNo,
          outRefundNo: params.out_biz_no,
          providerRefundNo: `${providerTradeNo}:${params.out_biz_no}`,
          amount: money(params.refund_fee),
          state: params.refund_status === 'REFUND_FAIL' ? 'failed' : 'succeeded',
          at,
        };
      }
      const status = params.trade_status;
      if (status !== 'TRADE_SUCCESS' && status !== 'TRADE_FINISHED' && status !== 'TRADE_CLOSED') throw new NotificationRejected('malformed');
      return { kind: 'payment', outTradeNo, providerTradeNo, amount: money(params.total_amount), state: status === 'TRADE_CLOSED' ? 'closed' : 'paid', at };
    },
    ack(accepted: boolean): NotificationAck {
      // Alipay reads only the word; the status tells our own logs and proxies that it was refused.
      return { status: accepted ? 200 : 400, contentType: 'text/plain; charset=utf-8', body: accepted ? 'success' : 'fail' };
    },
    async queryOrder(outTradeNo): Promise<ProviderOrder> {
      try {
        const answer = await call('alipay.trade.query', { out_trade_no: outTradeNo });
        const status = answer.trade_status;
        const state = status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED' ? 'paid' : status === 'TRADE_CLOSED' ? 'closed' : 'waiting';
        return { state, providerTradeNo: answer.trade_no ?? '', amount: Decimal.parse(answer.total_amount ?? '0').toString(), paidAt: parseAlipayTime(answer.send_pay_date) };
      } catch (err) {
        if (err instanceof ProviderCallFailed && err.providerCode === 'ACQ.TRADE_NOT_EXIST') return { state: 'unknown', providerTradeNo: '', amount: '0', paidAt: null };
        throw err;
      }
    },
    async closeOrder(outTradeNo) {
      try {
        await call('alipay.trade.close', { out_trade_no: outTradeNo });
      } catch (err) {
        // Never scanned: Alipay has no trade to close, which is as closed as it gets.
        if (!(err instanceof ProviderCallFailed && err.providerCode === 'ACQ.TRADE_NOT_EXIST')) throw err;
      }
    },
    async refund(input) {
      await call('alipay.trade.refund', { out_trade_no: input.outTradeNo, out_request_no: input.outRefundNo, refund_amount: yuan(input.amount), refund_reason: input.reason }, { notify_url: input.notifyUrl });
    },
    async queryRefund(outTradeNo, outRefundNo) {
      const answer = await call('alipay.trade.fastpay.refund.query', { out_trade_no: outTradeNo, out_request_no: outRefundNo });
      if (answer.refund_status !== 'REFUND_SUCCESS' && answer.refund_status !== 'REFUND_FAIL') return undefined;
      return {
        kind: 'refund',
        outTradeNo,
        outRefundNo,
        providerRefundNo: `${answer.trade_no ?? ''}:${outRefundNo}`,
        amount: Decimal.parse(answer.refund_amount ?? '0').toString(),
        state: answer.refund_status === 'REFUND_SUCCESS' ? 'succeeded' : 'failed',
        at: parseAlipayTime(answer.gmt_refund_pay) ?? config.now(),
      };
    },
    async bill(day) {
      const answer = await call('alipay.data.dataservice.bill.downloadurl.query', { bill_type: 'trade', bill_date: day });
      return parseAlipayBill(answer.bill_content ?? '');
    },
  };
}

/**
 * Alipay's trade bill (CSV): comment lines start with `#`; columns 支付宝交易号, 商户订单号, 业务类型
 * (交易 / 退款), 商品名称, 创建时间, 完成时间, 订单金额（元）, 退款批次号/请求号.
 */
export function parseAlipayBill(csv: string): BillLine[] {
  const lines: BillLine[] = [];
  for (const raw of csv.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith('支付宝交易号')) continue;
    const [tradeNo = '', outTradeNo = '', type = '', , , , amount = '0', refundNo = ''] = line.split(',').map((c) => c.trim());
    lines.push({ kind: type === '退款' ? 'refund' : 'payment', outTradeNo, providerTradeNo: tradeNo, outRefundNo: type === '退款' ? refundNo : '', amount: Decimal.parse(amount).abs().toString() });
  }
  return lines;
}

export const ALIPAY_BILL_HEADER = '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,订单金额（元）,退款批次号/请求号';
