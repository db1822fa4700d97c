import { createCipheriv, createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import { Decimal } from '@tp/decimal';
import {
  NotificationRejected,
  ProviderCallFailed,
  type BillLine,
  type InboundNotification,
  type MobilePayProvider,
  type NotificationAck,
  type ProviderNotice,
  type ProviderOrder,
} from './provider';

/**
 * The WeChat Pay API v3 shape: requests carry `Authorization: WECHATPAY2-SHA256-RSA2048 …` signed
 * with the merchant key over `METHOD\nURL\ntimestamp\nnonce\nbody\n`; answers and notifications are
 * signed by the platform key over `timestamp\nnonce\nbody\n` (headers `Wechatpay-Timestamp`,
 * `-Nonce`, `-Signature`, `-Serial`); a notification's `resource` is AES-256-GCM encrypted with the
 * APIv3 key; amounts are integer fen; a notification is answered `{"code":"SUCCESS"}`.
 */

export interface WechatHttpRequest {
  method: 'GET' | 'POST';
  /** Path and query, as signed. */
  url: string;
  body: string;
  authorization: string;
}
export interface WechatHttpResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}
export type WechatGateway = (request: WechatHttpRequest) => Promise<WechatHttpResponse>;

export interface WechatConfig {
  mchid: string;
  appid: string;
  merchantPrivateKey: string;
  merchantSerialNo: string;
  /** 32 bytes as text: decrypts notification resources. */
  apiV3Key: string;
  platformPublicKey: string;
  platformSerialNo: string;
  gateway: WechatGateway;
  now: () => Date;
}

/** Notifications older (or further ahead) than this are refused even with a valid signature. */
export const WECHAT_NOTIFY_WINDOW_MS = 5 * 60_000;

export const wechatMessage = (...parts: string[]) => parts.map((p) => `${p}\n`).join('');

export function wechatSign(message: string, privateKeyPem: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKeyPem, 'base64');
}

export function wechatVerify(message: string, signature: string, publicKeyPem: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKeyPem, signature, 'base64');
  } catch {
    return false;
  }
}

/** Encrypts a notification resource as WeChat Pay does: AES-256-GCM, ciphertext || tag in base64. */
export function wechatEncrypt(plaintext: string, apiV3Key: string, associatedData: string): { ciphertext: string; nonce: string; associated_data: string } {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { ciphertext: body.toString('base64'), nonce, associated_data: associatedData };
}

export function wechatDecrypt(resource: { ciphertext: string; nonce: string; associated_data?: string }, apiV3Key: string): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new NotificationRejected('malformed');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  try {
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    throw new NotificationRejected('signature');
  }
}

/** The `Authorization` header of a merchant request. */
export function wechatAuthorization(input: { mchid: string; serialNo: string; privateKeyPem: string; method: string; url: string; body: string; timestamp: number; nonce: string }): string {
  const signature = wechatSign(wechatMessage(input.method, input.url, String(input.timestamp), input.nonce, input.body), input.privateKeyPem);
  return `WECHATPAY2-SHA256-RSA2048 mchid="${input.mchid}",nonce_str="${input.nonce}",signature="${signature}",timestamp="${input.timestamp}",serial_no="${input.serialNo}"`;
}

/** Reads an `Authorization` header back into its fields (the sandbox gateway checks them). */
export function parseWechatAuthorization(header: string): Record<string, string> | undefined {
  const prefix = 'WECHATPAY2-SHA256-RSA2048 ';
  if (!header.startsWith(prefix)) return undefined;
  const fields: Record<string, string> = {};
  for (const m of header.slice(prefix.length).matchAll(/(\w+)="([^"]*)"/g)) if (m[1]) fields[m[1]] = m[2] ?? '';
  return fields;
}

export const fen = (amount: string): number => Number(Decimal.parse(amount).toUnits(2));
export const fromFen = (value: unknown): string => {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new NotificationRejected('malformed');
  return Decimal.fromUnits(BigInt(value), 2).toString();
};

/** WeChat's RFC 3339 time in China time: `2026-11-26T17:30:00+08:00`. */
export function wechatTime(at: Date): string {
  return `${new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
}

const header = (headers: Readonly<Record<string, string | undefined>>, name: string) => headers[name.toLowerCase()] ?? headers[name] ?? '';

export function createWechatProvider(config: WechatConfig): MobilePayProvider {
  async function call<T>(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<T> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const authorization = wechatAuthorization({
      mchid: config.mchid,
      serialNo: config.merchantSerialNo,
      privateKeyPem: config.merchantPrivateKey,
      method,
      url,
      body,
      timestamp: Math.floor(config.now().getTime() / 1000),
      nonce: randomBytes(16).toString('hex'),
    });
    let response: WechatHttpResponse;
    try {
      response = await config.gateway({ method, url, body, authorization });
    } catch (err) {
      throw new ProviderCallFailed('unreachable', err instanceof Error ? err.message : String(err));
    }
    const h = response.headers;
    const signed = wechatMessage(header(h, 'Wechatpay-Timestamp'), header(h, 'Wechatpay-Nonce'), response.body);
    if (header(h, 'Wechatpay-Serial') !== config.platformSerialNo || !wechatVerify(signed, header(h, 'Wechatpay-Signature'), config.platformPublicKey)) {
      throw new ProviderCallFailed('sign', `${method} ${url}: answer failed verification`);
    }
    const parsed = (response.body ? JSON.parse(response.body) : {}) as Record<string, unknown>;
    if (response.status >= 300) throw new ProviderCallFailed(String(parsed.code ?? response.status), String(parsed.message ?? url));
    return parsed as T;
  }

  const refundNotice = (r: Record<string, unknown>): ProviderNotice | undefined => {
    const status = r.status ?? r.refund_status;
    if (status !== 'SUCCESS' && status !== 'ABNORMAL' && status !== 'CLOSED') return undefined;
    const amount = r.amount as { refund?: unknown } | undefined;
    return {
      kind: 'refund',
      outTradeNo: String(r.out_trade_no ?? ''),
      outRefundNo: String(r.out_refund_no ?? ''),
      providerRefundNo: String(r.refund_id ?? ''),
      amount: fromFen(amount?.refund),
      state: status === 'SUCCESS' ? 'succeeded' : 'failed',
      at: typeof r.success_time === 'string' ? new Date(r.success_time) : config.now(),
    };
  };

  return {
    channel: 'wechat',
    async createPayment(input) {
      const answer = await call<{ code_url?: string }>('POST', '/v3/pay/transactions/native', {
        appid: config.appid,
        mchid: config.mchid,
        description: input.subject,
        out_trade_no: input.outTradeNo,
        time_expire: wechatTime(input.expiresAt),
        notify_url: input.notifyUrl,
        amount: { total: fen(input.amount), currency: 'CNY' },
      });
      const code = answer.code_url ?? '';
      return { qrContent: code, payPageUrl: code };
    },
    parseNotification(input: InboundNotification, now: Date): ProviderNotice {
      const h = input.headers;
      const timestamp = header(h, 'Wechatpay-Timestamp');
      const signed = wechatMessage(timestamp, header(h, 'Wechatpay-Nonce'), input.rawBody);
      if (header(h, 'Wechatpay-Serial') !== config.platformSerialNo || !wechatVerify(signed, header(h, 'Wechatpay-Signature'), config.platformPublicKey)) {
        throw new NotificationRejected('signature');
      }
      if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now.getTime() - Number(timestamp) * 1000) > WECHAT_NOTIFY_WINDOW_MS) throw new NotificationRejected('stale');
      let body: { event_type?: string; resource?: { ciphertext: string; nonce: string; associated_data?: string } };
      try {
        body = JSON.parse(input.rawBody) as typeof body;
      } catch {
        throw new NotificationRejected('malformed');
      }
      if (!body.resource?.ciphertext || !body.resource.nonce) throw new NotificationRejected('malformed');
      const resource = JSON.parse(wechatDecrypt(body.resource, config.apiV3Key)) as Record<string, unknown>;
      if (resource.mchid !== config.mchid) throw new NotificationRejected('merchant');
      if (body.event_type?.startsWith('REFUND.')) {
        const notice = refundNotice(resource);
        if (!notice) throw new NotificationRejected('malformed');
        return notice;
      }
      if (body.event_type !== 'TRANSACTION.SUCCESS' || resource.trade_state !== 'SUCCESS') throw new NotificationRejected('malformed');
      const amount = resource.amount as { total?: unknown } | undefined;
      return {
        kind: 'payment',
        outTradeNo: String(resource.out_trade_no ?? ''),
        providerTradeNo: String(resource.transaction_id ?? ''),
        amount: fromFen(amount?.total),
        state: 'paid',
        at: typeof resource.success_time === 'string' ? new Date(resource.success_time) : now,
      };
    },
    ack(accepted: boolean, message = ''): NotificationAck {
      return accepted
        ? { status: 200, contentType: 'application/json', body: JSON.stringify({ code: 'SUCCESS' }) }
        : { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: message || '失败' }) };
    },
    async queryOrder(outTradeNo): Promise<ProviderOrder> {
      try {
        const answer = await call<Record<string, unknown>>('GET', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${config.mchid}`);
        const state = answer.trade_state;
        const amount = answer.amount as { total?: unknown } | undefined;
        return {
          state: state === 'SUCCESS' || state === 'REFUND' ? 'paid' : state === 'CLOSED' || state === 'PAYERROR' || state === 'REVOKED' ? 'closed' : 'waiting',
          providerTradeNo: String(answer.transaction_id ?? ''),
          amount: fromFen(amount?.total ?? 0),
          paidAt: typeof answer.success_time === 'string' ? new Date(answer.success_time) : null,
        };
      } catch (err) {
        if (err instanceof ProviderCallFailed && err.providerCode === 'ORDER_NOT_EXIST') return { state: 'unknown', providerTradeNo: '', amount: '0', paidAt: null };
        throw err;
      }
    },
    async closeOrder(outTradeNo) {
      await call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, { mchid: config.mchid });
    },
    async refund(input) {
      await call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: input.outTradeNo,
        out_refund_no: input.outRefundNo,
        reason: input.reason,
        notify_url: input.notifyUrl,
        amount: { refund: fen(input.amount), total: fen(input.total), currency: 'CNY' },
      });
    },
    async queryRefund(_outTradeNo, outRefundNo) {
      const answer = await call<Record<string, unknown>>('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`);
      return refundNotice(answer);
    },
    async bill(day) {
      const answer = await call<{ download_url?: string }>('GET', `/v3/bill/tradebill?bill_date=${day}&bill_type=ALL`);
      const url = new URL(answer.download_url ?? '', 'https://api.mch.weixin.qq.com');
      const file = await call<{ content?: string }>('GET', `${url.pathname}${url.search}`);
      return parseWechatBill(file.content ?? '');
    },
  };
}

/**
 * WeChat Pay's trade bill (CSV, every field prefixed with a backtick): 交易时间, 微信订单号,
 * 商户订单号, 交易状态 (SUCCESS / REFUND), 应结订单金额, 微信退款单号, 商户退款单号, 退款金额;
 * the summary lines after `总交易单数` are not trades.
 */
export function parseWechatBill(csv: string): BillLine[] {
  const lines: BillLine[] = [];
  for (const raw of csv.split(/\r?\n/)) {
    if (raw.startsWith('总')) break;
    if (!raw.startsWith('`')) continue;
    const [, tradeNo = '', outTradeNo = '', state = '', amount = '0', , outRefundNo = '', refund = '0'] = raw.split(',').map((c) => c.replace(/^`/, '').trim());
    if (state === 'REFUND') lines.push({ kind: 'refund', outTradeNo, providerTradeNo: tradeNo, outRefundNo, amount: Decimal.parse(refund).toString() });
    else lines.push({ kind: 'payment', outTradeNo, providerTradeNo: tradeNo, outRefundNo: '', amount: Decimal.parse(amount).toString() });
  }
  return lines;
}

export const WECHAT_BILL_HEADER = '交易时间,微信订单号,商户订单号,交易状态,应结订单金额,微信退款单号,商户退款单号,退款金额';
