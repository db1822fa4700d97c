import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, count, eq, gte, lt, sql } from 'drizzle-orm';
import { Decimal } from '@tp/decimal';
import { MOBILE_PAY_CHANNELS, mobilePaySandboxPayPath, type MobilePayChannel, type MobileSandboxState } from '@tp/contract';
import type { Clock } from '../../../platform/clock';
import { withTransaction, type Db, type DbOrTx } from '../../../platform/db/index';
import type { Scheduler } from '../../../platform/scheduler/index';
import { sandboxMobileControls, sandboxMobileOrders, sandboxMobileRefunds } from '../mobilepay.tables';
import { ALIPAY_BILL_HEADER, alipayTime, createAlipayProvider, rsa2Sign, rsa2Verify } from '../providers/alipay';
import { sortedQueryString, type MobilePayProvider } from '../providers/provider';
import {
  WECHAT_BILL_HEADER,
  WECHAT_NOTIFY_WINDOW_MS,
  createWechatProvider,
  fen,
  fromFen,
  parseWechatAuthorization,
  wechatEncrypt,
  wechatMessage,
  wechatSign,
  wechatTime,
  wechatVerify,
  type WechatHttpRequest,
  type WechatHttpResponse,
} from '../providers/wechat';
import { loadSandboxKeys, type SandboxKeys } from './keys';

export const SANDBOX_ALIPAY_APP_ID = '2021000000000001';
export const SANDBOX_WECHAT_MCHID = '1900000001';
export const SANDBOX_WECHAT_APPID = 'wx0000000000000001';

export const MobilePaySandboxJobs = {
  /** Delivers one signed notification; a refused or failed delivery is retried with growing delays. */
  notify: 'mobilepay.sandbox.notify',
  /** The provider answers a refund (a second after it was asked). */
  refund: 'mobilepay.sandbox.refund',
} as const;

/** Posts a notification to the platform as the provider's notification service would. */
export type NotificationDelivery = (url: string, request: { headers: Record<string, string>; body: string }) => Promise<{ status: number; body: string }>;

export interface SignedNotification {
  url: string;
  headers: Record<string, string>;
  body: string;
}

type OrderRow = typeof sandboxMobileOrders.$inferSelect;
type RefundRow = typeof sandboxMobileRefunds.$inferSelect;

/** What the pay page knows of an order: carried in its link, checked by the provider's own key. */
interface Ticket {
  channel: MobilePayChannel;
  outTradeNo: string;
  amount: string;
  subject: string;
  expiresAt: number;
  notifyUrl: string;
}

export interface PayPageModel {
  channel: MobilePayChannel;
  ticket: string;
  outTradeNo: string;
  amount: string;
  subject: string;
  expiresAt: string;
  state: 'waiting' | 'paid' | 'closed' | 'expired' | 'failed';
}

export interface SandboxMobilePay {
  providers: Readonly<Record<MobilePayChannel, MobilePayProvider>>;
  /** The pay page's model: opening it is scanning the code (the provider learns of the order then). */
  open(channel: string, tradeNo: string, ticket: string): Promise<PayPageModel | undefined>;
  /** The payer presses pay (`pay`) or the payment fails at the provider (`fail`, e.g. not enough balance). */
  pay(channel: string, tradeNo: string, ticket: string, action: 'pay' | 'fail'): Promise<PayPageModel | undefined>;
  deliver(payload: NotifyPayload): Promise<void>;
  answerRefund(refundId: number): Promise<void>;
  /** The notification of a paid order or an answered refund, signed now, exactly as it would be posted. */
  notification(payload: NotifyPayload): Promise<SignedNotification | undefined>;
  control(channel: MobilePayChannel, action: 'dropNotifications' | 'failRefunds' | 'reset', n: number): Promise<void>;
  state(): Promise<MobileSandboxState[]>;
  /** For reconciliation checks: the provider's own record of an order, changed behind the platform's back. */
  tamperOrderAmount(channel: MobilePayChannel, outTradeNo: string, amount: string): Promise<void>;
}

export interface NotifyPayload {
  channel: MobilePayChannel;
  kind: 'payment' | 'refund';
  /** outTradeNo for a payment, outRefundNo for a refund. */
  ref: string;
}

const DAY_MS = 86_400_000;
/** WeChat Pay's retry rhythm, shortened: 15 s, 15 s, 30 s, 3 min, 10 min, 20 min, 30 min... */
const NOTIFY_BACKOFF = [15_000, 15_000, 30_000, 180_000, 600_000, 1_200_000, 1_800_000];

const ticketKey = (keys: SandboxKeys) => createHmac('sha256', keys.provider.privateKeyPem).update('sandbox-pay-ticket').digest();

/**
 * The two sandbox providers inside the server. Each behaves as its real counterpart does on the
 * wire: it checks our request signatures, signs its answers and notifications with its own key,
 * encrypts WeChat resources with the APIv3 key, keeps its own books, delivers notifications
 * asynchronously with retries, answers refunds later, and prints a daily bill.
 */
export async function createSandboxMobilePay(deps: {
  db: Db;
  clock: Clock;
  publicUrl: string;
  scheduler: Pick<Scheduler, 'schedule' | 'register'>;
  deliver: NotificationDelivery;
}): Promise<SandboxMobilePay> {
  const { db, clock } = deps;
  const keys: Record<MobilePayChannel, SandboxKeys> = {
    alipay: await loadSandboxKeys(db, clock, 'alipay'),
    wechat: await loadSandboxKeys(db, clock, 'wechat'),
  };
  const isChannel = (c: string): c is MobilePayChannel => (MOBILE_PAY_CHANNELS as readonly string[]).includes(c);
  const tradeNo = (channel: MobilePayChannel) =>
    channel === 'alipay'
      ? `${alipayTime(clock.now()).replace(/\D/g, '').slice(0, 8)}2200${BigInt(`0x${randomBytes(7).toString('hex')}`).toString().padStart(16, '0').slice(-16)}`
      : `4200${BigInt(`0x${randomBytes(10).toString('hex')}`).toString().padStart(24, '0').slice(-24)}`;

  // ---- tickets: the link in the QR code ---------------------------------------------------------

  function issueTicket(t: Ticket): string {
    const body = Buffer.from(JSON.stringify(t)).toString('base64url');
    const mac = createHmac('sha256', ticketKey(keys[t.channel])).update(body).digest('base64url');
    return `${body}.${mac}`;
  }

  function readTicket(channel: MobilePayChannel, tradeNo: string, ticket: string): Ticket | undefined {
    const [body = '', mac = ''] = ticket.split('.');
    const expected = createHmac('sha256', ticketKey(keys[channel])).update(body).digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const t = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Ticket;
    return t.channel === channel && t.outTradeNo === tradeNo ? t : undefined;
  }

  const payUrl = (t: Ticket) => `${deps.publicUrl}${mobilePaySandboxPayPath(t.channel, t.outTradeNo)}?t=${issueTicket(t)}`;

  // ---- the provider's books ---------------------------------------------------------------------

  async function order(tx: DbOrTx, channel: MobilePayChannel, outTradeNo: string, lock = false): Promise<OrderRow | undefined> {
    const q = tx
      .select()
      .from(sandboxMobileOrders)
      .where(and(eq(sandboxMobileOrders.channel, channel), eq(sandboxMobileOrders.outTradeNo, outTradeNo)))
      .limit(1);
    const [row] = lock ? await q.for('update') : await q;
    return row;
  }

  async function refundByNo(tx: DbOrTx, channel: MobilePayChannel, outRefundNo: string): Promise<RefundRow | undefined> {
    const [row] = await tx
      .select()
      .from(sandboxMobileRefunds)
      .where(and(eq(sandboxMobileRefunds.channel, channel), eq(sandboxMobileRefunds.outRefundNo, outRefundNo)))
      .limit(1);
    return row;
  }

  async function controls(tx: DbOrTx, channel: MobilePayChannel, lock = false) {
    await tx.insert(sandboxMobileControls).values({ channel, updatedAt: clock.now() }).onConflictDoNothing();
    const q = tx.select().from(sandboxMobileControls).where(eq(sandboxMobileControls.channel, channel)).limit(1);
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw new Error(`sandbox controls of ${channel} vanished`);
    return row;
  }

  /** Queues a notification for delivery, unless the provider was told to lose the next ones. */
  async function queueNotification(tx: DbOrTx, payload: NotifyPayload): Promise<void> {
    const control = await controls(tx, payload.channel, true);
    if (control.dropNotifications > 0) {
      await tx
        .update(sandboxMobileControls)
        .set({ dropNotifications: control.dropNotifications - 1, updatedAt: clock.now() })
        .where(eq(sandboxMobileControls.channel, payload.channel));
      return;
    }
    await deps.scheduler.schedule(tx, {
      name: MobilePaySandboxJobs.notify,
      key: `${payload.channel}:${payload.kind}:${payload.ref}`,
      runAt: clock.now(),
      payload,
      maxAttempts: NOTIFY_BACKOFF.length + 1,
    });
  }

  /** Opens the provider's order on first scan (Alipay's precreated trades exist from the scan on). */
  async function ensureOrder(tx: DbOrTx, t: Ticket): Promise<OrderRow> {
    await tx
      .insert(sandboxMobileOrders)
      .values({
        channel: t.channel,
        outTradeNo: t.outTradeNo,
        providerTradeNo: tradeNo(t.channel),
        amount: t.amount,
        subject: t.subject,
        notifyPath: t.notifyUrl,
        status: 'waiting',
        expiresAt: new Date(t.expiresAt),
        createdAt: clock.now(),
      })
      .onConflictDoNothing();
    const row = await order(tx, t.channel, t.outTradeNo, true);
    if (!row) throw new Error('sandbox order vanished');
    return row;
  }

  function model(channel: MobilePayChannel, ticket: string, t: Ticket, row: OrderRow, failed = false): PayPageModel {
    const expired = row.status === 'waiting' && row.expiresAt.getTime() <= clock.now().getTime();
    return {
      channel,
      ticket,
      outTradeNo: t.outTradeNo,
      amount: Decimal.parse(row.amount).toFixed(2),
      subject: row.subject,
      expiresAt: row.expiresAt.toISOString(),
      state: failed ? 'failed' : expired ? 'expired' : row.status,
    };
  }

  // ---- Alipay-shaped gateway ----------------------------------------------------------------------

  async function alipayGateway(params: Record<string, string>): Promise<string> {
    const k = keys.alipay;
    const method = params.method ?? '';
    const node = `${method.replaceAll('.', '_')}_response`;
    const answer = (body: Record<string, string>) => {
      const json = JSON.stringify(body);
      return `{"${node}":${json},"sign":"${rsa2Sign(json, k.provider.privateKeyPem)}"}`;
    };
    const error = (sub: string, msg: string) => answer({ code: '40004', msg: 'Business Failed', sub_code: sub, sub_msg: msg });
    if (!params.sign || !rsa2Verify(sortedQueryString(params, ['sign']), params.sign, k.merchant.publicKeyPem)) {
      return answer({ code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' });
    }
    if (params.app_id !== SANDBOX_ALIPAY_APP_ID) return answer({ code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-app-id', sub_msg: '无效的AppID参数' });
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    const outTradeNo = biz.out_trade_no ?? '';
    switch (method) {
      case 'alipay.trade.precreate': {
        if (!/^\d+(\.\d{1,2})?$/.test(biz.total_amount ?? '') || !outTradeNo) return error('ACQ.INVALID_PARAMETER', '参数无效');
        const expires = new Date(`${(biz.time_expire ?? '').replace(' ', 'T')}+08:00`).getTime();
        const url = payUrl({ channel: 'alipay', outTradeNo, amount: biz.total_amount ?? '0', subject: biz.subject ?? '', expiresAt: expires, notifyUrl: params.notify_url ?? '' });
        return answer({ code: '10000', msg: 'Success', out_trade_no: outTradeNo, qr_code: url });
      }
      case 'alipay.trade.query': {
        const row = await order(db, 'alipay', outTradeNo);
        if (!row) return error('ACQ.TRADE_NOT_EXIST', '交易不存在');
        const status = row.status === 'paid' ? 'TRADE_SUCCESS' : row.status === 'closed' ? 'TRADE_CLOSED' : 'WAIT_BUYER_PAY';
        return answer({
          code: '10000',
          msg: 'Success',
          out_trade_no: outTradeNo,
          trade_no: row.providerTradeNo,
          trade_status: status,
          total_amount: Decimal.parse(row.amount).toFixed(2),
          ...(row.paidAt ? { send_pay_date: alipayTime(row.paidAt) } : {}),
        });
      }
      case 'alipay.trade.close':
        return (await closeOrder('alipay', outTradeNo)) ? answer({ code: '10000', msg: 'Success', out_trade_no: outTradeNo }) : error('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
      case 'alipay.trade.refund': {
        const failure = await startRefund('alipay', outTradeNo, biz.out_request_no ?? '', biz.refund_amount ?? '', params.notify_url ?? '');
        if (failure) return error(failure === 'amount' ? 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL' : 'ACQ.TRADE_STATUS_ERROR', failure === 'amount' ? '退款金额超限' : '交易状态不合法');
        return answer({ code: '10000', msg: 'Success', out_trade_no: outTradeNo, fund_change: 'N' });
      }
      case 'alipay.trade.fastpay.refund.query': {
        const refund = await refundByNo(db, 'alipay', biz.out_request_no ?? '');
        const row = await order(db, 'alipay', outTradeNo);
        if (!refund || !row) return answer({ code: '10000', msg: 'Success', out_trade_no: outTradeNo });
        return answer({
          code: '10000',
          msg: 'Success',
          out_trade_no: outTradeNo,
          trade_no: row.providerTradeNo,
          out_request_no: refund.outRefundNo,
          refund_amount: Decimal.parse(refund.amount).toFixed(2),
          ...(refund.status === 'processing' ? {} : { refund_status: refund.status === 'succeeded' ? 'REFUND_SUCCESS' : 'REFUND_FAIL' }),
          ...(refund.answeredAt ? { gmt_refund_pay: alipayTime(refund.answeredAt) } : {}),
        });
      }
      case 'alipay.data.dataservice.bill.downloadurl.query': {
        const lines = await billLines('alipay', biz.bill_date ?? '');
        const csv = [`#支付宝业务明细查询`, `#账号：[${SANDBOX_ALIPAY_APP_ID}]`, ALIPAY_BILL_HEADER, ...lines.map((l) => [l.tradeNo, l.outTradeNo, l.refund ? '退款' : '交易', l.subject, '', '', l.refund ? `-${l.amount}` : l.amount, l.outRefundNo].join(',')), '#业务明细列表结束'];
        return answer({ code: '10000', msg: 'Success', bill_content: csv.join('\n') });
      }
      default:
        return answer({ code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method', sub_msg: '不存在的方法名' });
    }
  }

  // ---- WeChat-Pay-shaped gateway ------------------------------------------------------------------

  function wechatAnswer(status: number, body: unknown): WechatHttpResponse {
    const text = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(Math.floor(clock.now().getTime() / 1000));
    const nonce = randomBytes(16).toString('hex');
    return {
      status,
      headers: {
        'Wechatpay-Timestamp': timestamp,
        'Wechatpay-Nonce': nonce,
        'Wechatpay-Serial': keys.wechat.provider.serialNo,
        'Wechatpay-Signature': wechatSign(wechatMessage(timestamp, nonce, text), keys.wechat.provider.privateKeyPem),
      },
      body: text,
    };
  }

  async function wechatGateway(request: WechatHttpRequest): Promise<WechatHttpResponse> {
    const k = keys.wechat;
    const auth = parseWechatAuthorization(request.authorization);
    const signed = auth && wechatMessage(request.method, request.url, auth.timestamp ?? '', auth.nonce_str ?? '', request.body);
    if (!auth || !signed || auth.serial_no !== k.merchant.serialNo || !wechatVerify(signed, auth.signature ?? '', k.merchant.publicKeyPem)) {
      return wechatAnswer(401, { code: 'SIGN_ERROR', message: '签名错误' });
    }
    if (auth.mchid !== SANDBOX_WECHAT_MCHID) return wechatAnswer(400, { code: 'MCH_NOT_EXISTS', message: '商户号不存在' });
    if (Math.abs(clock.now().getTime() - Number(auth.timestamp) * 1000) > WECHAT_NOTIFY_WINDOW_MS) return wechatAnswer(401, { code: 'SIGN_ERROR', message: '请求时间戳过期' });
    const url = new URL(request.url, 'https://api.mch.weixin.qq.com');
    const path = url.pathname;
    const body = (request.body ? JSON.parse(request.body) : {}) as Record<string, unknown>;
    let m: RegExpExecArray | null;
    if (request.method === 'POST' && path === '/v3/pay/transactions/native') {
      const amount = body.amount as { total?: unknown } | undefined;
      const total = typeof amount?.total === 'number' ? fromFen(amount.total) : undefined;
      if (!total || typeof body.out_trade_no !== 'string') return wechatAnswer(400, { code: 'PARAM_ERROR', message: '参数错误' });
      const expires = typeof body.time_expire === 'string' ? new Date(body.time_expire).getTime() : clock.now().getTime() + 2 * 3_600_000;
      const url2 = payUrl({ channel: 'wechat', outTradeNo: body.out_trade_no, amount: total, subject: String(body.description ?? ''), expiresAt: expires, notifyUrl: String(body.notify_url ?? '') });
      return wechatAnswer(200, { code_url: url2 });
    }
    if ((m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(path)) && request.method === 'POST') {
      return (await closeOrder('wechat', decodeURIComponent(m[1] ?? ''))) ? wechatAnswer(204, undefined) : wechatAnswer(400, { code: 'ORDERPAID', message: '订单已支付' });
    }
    if ((m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(path)) && request.method === 'GET') {
      const row = await order(db, 'wechat', decodeURIComponent(m[1] ?? ''));
      if (!row) return wechatAnswer(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      const refunded = (await db.select({ n: count() }).from(sandboxMobileRefunds).where(and(eq(sandboxMobileRefunds.channel, 'wechat'), eq(sandboxMobileRefunds.outTradeNo, row.outTradeNo))))[0]?.n ?? 0;
      return wechatAnswer(200, {
        appid: SANDBOX_WECHAT_APPID,
        mchid: SANDBOX_WECHAT_MCHID,
        out_trade_no: row.outTradeNo,
        transaction_id: row.status === 'paid' ? row.providerTradeNo : undefined,
        trade_type: 'NATIVE',
        trade_state: row.status === 'paid' ? (refunded > 0 ? 'REFUND' : 'SUCCESS') : row.status === 'closed' ? 'CLOSED' : 'NOTPAY',
        amount: { total: fen(row.amount), currency: 'CNY' },
        success_time: row.paidAt ? wechatTime(row.paidAt) : undefined,
      });
    }
    if (request.method === 'POST' && path === '/v3/refund/domestic/refunds') {
      const amount = body.amount as { refund?: unknown } | undefined;
      const refund = typeof amount?.refund === 'number' ? fromFen(amount.refund) : '';
      const failure = await startRefund('wechat', String(body.out_trade_no ?? ''), String(body.out_refund_no ?? ''), refund, String(body.notify_url ?? ''));
      if (failure) return wechatAnswer(failure === 'amount' ? 400 : 403, { code: failure === 'amount' ? 'INVALID_REQUEST' : 'TRADE_STATE_ERROR', message: failure === 'amount' ? '退款金额超限' : '订单状态不可退款' });
      const row = await refundByNo(db, 'wechat', String(body.out_refund_no ?? ''));
      return wechatAnswer(200, { refund_id: row?.providerRefundNo, out_refund_no: body.out_refund_no, out_trade_no: body.out_trade_no, status: 'PROCESSING', amount: { refund: amount?.refund } });
    }
    if ((m = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(path)) && request.method === 'GET') {
      const refund = await refundByNo(db, 'wechat', decodeURIComponent(m[1] ?? ''));
      if (!refund) return wechatAnswer(404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' });
      return wechatAnswer(200, wechatRefundResource(refund));
    }
    if (request.method === 'GET' && path === '/v3/bill/tradebill') {
      return wechatAnswer(200, { hash_type: 'SHA1', download_url: `/v3/billdownload/file?bill_date=${url.searchParams.get('bill_date') ?? ''}` });
    }
    if (request.method === 'GET' && path === '/v3/billdownload/file') {
      const lines = await billLines('wechat', url.searchParams.get('bill_date') ?? '');
      const rows = lines.map((l) => [l.at, l.tradeNo, l.outTradeNo, l.refund ? 'REFUND' : 'SUCCESS', l.refund ? '0.00' : l.amount, l.refund ? l.refundNo : '0', l.outRefundNo || '0', l.refund ? l.amount : '0.00'].map((c) => `\`${c}`).join(','));
      const total = lines.filter((l) => !l.refund).reduce((s, l) => s.add(l.amount), Decimal.ZERO).toFixed(2);
      return wechatAnswer(200, { content: [WECHAT_BILL_HEADER, ...rows, '总交易单数,应结订单总金额', `\`${lines.length},\`${total}`].join('\n') });
    }
    return wechatAnswer(404, { code: 'NOT_FOUND', message: '接口不存在' });
  }

  function wechatRefundResource(refund: RefundRow) {
    return {
      mchid: SANDBOX_WECHAT_MCHID,
      out_trade_no: refund.outTradeNo,
      out_refund_no: refund.outRefundNo,
      refund_id: refund.providerRefundNo,
      status: refund.status === 'succeeded' ? 'SUCCESS' : refund.status === 'failed' ? 'ABNORMAL' : 'PROCESSING',
      refund_status: refund.status === 'succeeded' ? 'SUCCESS' : refund.status === 'failed' ? 'ABNORMAL' : 'PROCESSING',
      success_time: refund.answeredAt && refund.status === 'succeeded' ? wechatTime(refund.answeredAt) : undefined,
      amount: { refund: fen(refund.amount), currency: 'CNY' },
    };
  }

  // ---- shared provider behaviour ------------------------------------------------------------------

  /** Closes a waiting (or never scanned) order; a paid one cannot be closed. */
  async function closeOrder(channel: MobilePayChannel, outTradeNo: string): Promise<boolean> {
    return withTransaction(db, async (tx) => {
      const row = await order(tx, channel, outTradeNo, true);
      if (!row) {
        await tx.insert(sandboxMobileOrders).values({
          channel,
          outTradeNo,
          providerTradeNo: tradeNo(channel),
          amount: '0.01',
          subject: '',
          notifyPath: '',
          status: 'closed',
          expiresAt: clock.now(),
          createdAt: clock.now(),
        });
        return true;
      }
      if (row.status === 'paid') return false;
      await tx.update(sandboxMobileOrders).set({ status: 'closed' }).where(eq(sandboxMobileOrders.id, row.id));
      return true;
    });
  }

  /** Takes a refund (same number twice is one refund) and answers it a second later. */
  async function startRefund(channel: MobilePayChannel, outTradeNo: string, outRefundNo: string, amount: string, notifyUrl: string): Promise<'amount' | 'state' | undefined> {
    if (!outRefundNo || !/^\d+(\.\d{1,2})?$/.test(amount) || !Decimal.parse(amount).isPositive()) return 'amount';
    return withTransaction(db, async (tx) => {
      const row = await order(tx, channel, outTradeNo, true);
      if (!row || row.status !== 'paid') return 'state';
      if (await refundByNo(tx, channel, outRefundNo)) return undefined;
      const [done] = await tx
        .select({ total: sql<string>`coalesce(sum(${sandboxMobileRefunds.amount}), 0)` })
        .from(sandboxMobileRefunds)
        .where(and(eq(sandboxMobileRefunds.channel, channel), eq(sandboxMobileRefunds.outTradeNo, outTradeNo), sql`${sandboxMobileRefunds.status} <> 'failed'`));
      if (Decimal.parse(String(done?.total ?? '0')).add(amount).gt(row.amount)) return 'amount';
      const [refund] = await tx
        .insert(sandboxMobileRefunds)
        .values({
          channel,
          outTradeNo,
          outRefundNo,
          providerRefundNo: channel === 'wechat' ? `5030${BigInt(`0x${randomBytes(10).toString('hex')}`).toString().padStart(25, '0').slice(-25)}` : `${row.providerTradeNo}:${outRefundNo}`,
          amount: Decimal.parse(amount).toString(),
          status: 'processing',
          notifyPath: notifyUrl,
          createdAt: clock.now(),
        })
        .returning({ id: sandboxMobileRefunds.id });
      if (!refund) throw new Error('sandbox refund insert returned no row');
      await deps.scheduler.schedule(tx, { name: MobilePaySandboxJobs.refund, key: String(refund.id), runAt: new Date(clock.now().getTime() + 1000), payload: { refundId: refund.id } });
      return undefined;
    });
  }

  async function billLines(channel: MobilePayChannel, day: string) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return [];
    const start = new Date(`${day}T00:00:00.000+08:00`);
    const end = new Date(start.getTime() + DAY_MS);
    const paid = await db
      .select()
      .from(sandboxMobileOrders)
      .where(and(eq(sandboxMobileOrders.channel, channel), eq(sandboxMobileOrders.status, 'paid'), gte(sandboxMobileOrders.paidAt, start), lt(sandboxMobileOrders.paidAt, end)))
      .orderBy(asc(sandboxMobileOrders.id));
    const refunds = await db
      .select({ refund: sandboxMobileRefunds, order: sandboxMobileOrders })
      .from(sandboxMobileRefunds)
      .innerJoin(sandboxMobileOrders, and(eq(sandboxMobileOrders.channel, sandboxMobileRefunds.channel), eq(sandboxMobileOrders.outTradeNo, sandboxMobileRefunds.outTradeNo)))
      .where(and(eq(sandboxMobileRefunds.channel, channel), eq(sandboxMobileRefunds.status, 'succeeded'), gte(sandboxMobileRefunds.answeredAt, start), lt(sandboxMobileRefunds.answeredAt, end)))
      .orderBy(asc(sandboxMobileRefunds.id));
    const stamp = (d: Date | null) => (d ? alipayTime(d) : '');
    return [
      ...paid.map((o) => ({ refund: false, tradeNo: o.providerTradeNo, outTradeNo: o.outTradeNo, subject: o.subject.replaceAll(',', ' '), amount: Decimal.parse(o.amount).toFixed(2), refundNo: '', outRefundNo: '', at: stamp(o.paidAt) })),
      ...refunds.map(({ refund: r, order: o }) => ({
        refund: true,
        tradeNo: o.providerTradeNo,
        outTradeNo: o.outTradeNo,
        subject: o.subject.replaceAll(',', ' '),
        amount: Decimal.parse(r.amount).toFixed(2),
        refundNo: r.providerRefundNo,
        outRefundNo: r.outRefundNo,
        at: stamp(r.answeredAt),
      })),
    ];
  }

  // ---- notifications ------------------------------------------------------------------------------

  async function notification(payload: NotifyPayload): Promise<SignedNotification | undefined> {
    const { channel } = payload;
    const now = clock.now();
    if (payload.kind === 'payment') {
      const row = await order(db, channel, payload.ref);
      if (!row || row.status !== 'paid') return undefined;
      if (channel === 'alipay') {
        const params: Record<string, string> = {
            notify_time: alipayTime(now),
            notify_type: 'trade_status_sync',
            notify_id: randomBytes(16).toString('hex'),
            app_id: SANDBOX_ALIPAY_APP_ID,
            charset: 'utf-8',
            version: '1.0',
            sign_type: 'RSA2',
            trade_no: row.providerTradeNo,
            out_trade_no: row.outTradeNo,
            total_amount: Decimal.parse(row.amount).toFixed(2),
            receipt_amount: Decimal.parse(row.amount).toFixed(2),
            trade_status: 'TRADE_SUCCESS',
            subject: row.subject,
            gmt_create: alipayTime(row.createdAt),
            gmt_payment: alipayTime(row.paidAt ?? now),
        };
        // A notification's signature leaves out `sign_type` (a request's covers it).
        params.sign = rsa2Sign(sortedQueryString(params, ['sign', 'sign_type']), keys.alipay.provider.privateKeyPem);
        return { url: row.notifyPath, headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body: new URLSearchParams(params).toString() };
      }
      return wechatNotification(row.notifyPath, 'TRANSACTION.SUCCESS', '支付成功', 'transaction', {
        appid: SANDBOX_WECHAT_APPID,
        mchid: SANDBOX_WECHAT_MCHID,
        out_trade_no: row.outTradeNo,
        transaction_id: row.providerTradeNo,
        trade_type: 'NATIVE',
        trade_state: 'SUCCESS',
        trade_state_desc: '支付成功',
        bank_type: 'OTHERS',
        success_time: wechatTime(row.paidAt ?? now),
        payer: { openid: 'sandbox-payer' },
        amount: { total: fen(row.amount), payer_total: fen(row.amount), currency: 'CNY', payer_currency: 'CNY' },
      });
    }
    const refund = await refundByNo(db, channel, payload.ref);
    if (!refund || refund.status === 'processing') return undefined;
    const row = await order(db, channel, refund.outTradeNo);
    if (!row) return undefined;
    if (channel === 'alipay') {
      const params: Record<string, string> = {
        notify_time: alipayTime(now),
        notify_type: 'trade_status_sync',
        notify_id: randomBytes(16).toString('hex'),
        app_id: SANDBOX_ALIPAY_APP_ID,
        charset: 'utf-8',
        version: '1.0',
        sign_type: 'RSA2',
        trade_no: row.providerTradeNo,
        out_trade_no: row.outTradeNo,
        out_biz_no: refund.outRefundNo,
        total_amount: Decimal.parse(row.amount).toFixed(2),
        refund_fee: Decimal.parse(refund.amount).toFixed(2),
        refund_status: refund.status === 'succeeded' ? 'REFUND_SUCCESS' : 'REFUND_FAIL',
        trade_status: 'TRADE_SUCCESS',
        gmt_refund: alipayTime(refund.answeredAt ?? now),
      };
      params.sign = rsa2Sign(sortedQueryString(params, ['sign', 'sign_type']), keys.alipay.provider.privateKeyPem);
      return { url: refund.notifyPath, headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body: new URLSearchParams(params).toString() };
    }
    const resource = { ...wechatRefundResource(refund), transaction_id: row.providerTradeNo };
    return wechatNotification(refund.notifyPath, refund.status === 'succeeded' ? 'REFUND.SUCCESS' : 'REFUND.ABNORMAL', refund.status === 'succeeded' ? '退款成功' : '退款异常', 'refund', resource);
  }

  function wechatNotification(url: string, eventType: string, summary: string, originalType: string, resource: unknown): SignedNotification {
    const k = keys.wechat;
    const now = clock.now();
    const body = JSON.stringify({
      id: randomBytes(16).toString('hex'),
      create_time: wechatTime(now),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary,
      resource: { original_type: originalType, algorithm: 'AEAD_AES_256_GCM', ...wechatEncrypt(JSON.stringify(resource), k.provider.symmetricKey, originalType) },
    });
    const timestamp = String(Math.floor(now.getTime() / 1000));
    const nonce = randomBytes(16).toString('hex');
    return {
      url,
      headers: {
        'content-type': 'application/json',
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonce,
        'wechatpay-serial': k.provider.serialNo,
        'wechatpay-signature': wechatSign(wechatMessage(timestamp, nonce, body), k.provider.privateKeyPem),
        'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
      },
      body,
    };
  }

  async function deliver(payload: NotifyPayload): Promise<void> {
    const signed = await notification(payload);
    if (!signed) return;
    const answer = await deps.deliver(signed.url, { headers: signed.headers, body: signed.body });
    const accepted = payload.channel === 'alipay' ? answer.status === 200 && answer.body.trim() === 'success' : answer.status >= 200 && answer.status < 300;
    // Not accepted: the scheduler sends it again later, as the providers do.
    if (!accepted) throw new Error(`notification ${payload.channel}:${payload.ref} not accepted (${answer.status})`);
  }

  deps.scheduler.register<NotifyPayload>(MobilePaySandboxJobs.notify, (job) => deliver(job.payload), {
    retryBackoffMs: (attempt) => NOTIFY_BACKOFF[Math.min(attempt - 1, NOTIFY_BACKOFF.length - 1)] ?? 1_800_000,
  });
  deps.scheduler.register<{ refundId: number }>(MobilePaySandboxJobs.refund, (job) => answerRefund(job.payload.refundId));

  async function answerRefund(refundId: number): Promise<void> {
    await withTransaction(db, async (tx) => {
      const [refund] = await tx.select().from(sandboxMobileRefunds).where(eq(sandboxMobileRefunds.id, refundId)).limit(1).for('update');
      if (!refund || refund.status !== 'processing') return;
      const control = await controls(tx, refund.channel, true);
      const fail = control.failRefunds > 0;
      if (fail) await tx.update(sandboxMobileControls).set({ failRefunds: control.failRefunds - 1, updatedAt: clock.now() }).where(eq(sandboxMobileControls.channel, refund.channel));
      await tx
        .update(sandboxMobileRefunds)
        .set({ status: fail ? 'failed' : 'succeeded', answeredAt: clock.now() })
        .where(eq(sandboxMobileRefunds.id, refund.id));
      await queueNotification(tx, { channel: refund.channel, kind: 'refund', ref: refund.outRefundNo });
    });
  }

  return {
    providers: {
      alipay: createAlipayProvider({
        appId: SANDBOX_ALIPAY_APP_ID,
        merchantPrivateKey: keys.alipay.merchant.privateKeyPem,
        alipayPublicKey: keys.alipay.provider.publicKeyPem,
        gateway: alipayGateway,
        now: () => clock.now(),
      }),
      wechat: createWechatProvider({
        mchid: SANDBOX_WECHAT_MCHID,
        appid: SANDBOX_WECHAT_APPID,
        merchantPrivateKey: keys.wechat.merchant.privateKeyPem,
        merchantSerialNo: keys.wechat.merchant.serialNo,
        apiV3Key: keys.wechat.provider.symmetricKey,
        platformPublicKey: keys.wechat.provider.publicKeyPem,
        platformSerialNo: keys.wechat.provider.serialNo,
        gateway: wechatGateway,
        now: () => clock.now(),
      }),
    },
    async open(channel, tradeNo, ticket) {
      if (!isChannel(channel)) return undefined;
      const t = readTicket(channel, tradeNo, ticket);
      if (!t) return undefined;
      const row = await withTransaction(db, (tx) => ensureOrder(tx, t));
      return model(channel, ticket, t, row);
    },
    async pay(channel, tradeNo, ticket, action) {
      if (!isChannel(channel)) return undefined;
      const t = readTicket(channel, tradeNo, ticket);
      if (!t) return undefined;
      return withTransaction(db, async (tx) => {
        const row = await ensureOrder(tx, t);
        const current = model(channel, ticket, t, row);
        if (current.state !== 'waiting') return current;
        if (action === 'fail') return model(channel, ticket, t, row, true);
        const paidAt = clock.now();
        await tx.update(sandboxMobileOrders).set({ status: 'paid', paidAt }).where(eq(sandboxMobileOrders.id, row.id));
        await queueNotification(tx, { channel, kind: 'payment', ref: row.outTradeNo });
        return model(channel, ticket, t, { ...row, status: 'paid', paidAt });
      });
    },
    deliver,
    answerRefund,
    notification,
    async control(channel, action, n) {
      await withTransaction(db, async (tx) => {
        const row = await controls(tx, channel, true);
        const patch =
          action === 'reset' ? { dropNotifications: 0, failRefunds: 0 } : action === 'dropNotifications' ? { dropNotifications: row.dropNotifications + n } : { failRefunds: row.failRefunds + n };
        await tx
          .update(sandboxMobileControls)
          .set({ ...patch, updatedAt: clock.now() })
          .where(eq(sandboxMobileControls.channel, channel));
      });
    },
    async state() {
      const result: MobileSandboxState[] = [];
      for (const channel of MOBILE_PAY_CHANNELS) {
        const row = await controls(db, channel);
        const pending = await db.execute(
          sql`select count(*)::int as n from jobs where name = ${MobilePaySandboxJobs.notify} and status in ('pending', 'running') and key like ${`${channel}:%`}`,
        );
        const n = (pending as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
        result.push({ channel, dropNotifications: row.dropNotifications, failRefunds: row.failRefunds, pendingNotifications: Number(n) });
      }
      return result;
    },
    async tamperOrderAmount(channel, outTradeNo, amount) {
      await db
        .update(sandboxMobileOrders)
        .set({ amount })
        .where(and(eq(sandboxMobileOrders.channel, channel), eq(sandboxMobileOrders.outTradeNo, outTradeNo)));
    },
  };
}
