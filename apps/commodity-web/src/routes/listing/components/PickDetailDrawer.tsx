import { App, Button, Descriptions, Drawer, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_REASON_DUE, isDefaultReason, type ListingPickDetail, type MarginEvent } from '@tp/contract';
import { QueryStates, formatMoney } from '@tp/web-kit';
import { fetchInvoiceFile, usePickDetail, usePickHistory, usePickInvoice } from '../../../api/listing';
import { priceUnitOf } from '../logic';
import { PriceText, StateTag, dateTime } from '../shared';

const CONTRACT_PATH = { buyer: '/buyerCenter/purchase/contract', seller: '/sellerCenter/sales/contract' } as const;

function History({ pickId }: { pickId: string }) {
  const { t } = useTranslation();
  const history = usePickHistory(pickId);
  return (
    <QueryStates keys="listing" skeletonRows={4} query={history}>
      <Table<MarginEvent>
        size="small"
        rowKey={(e) => `${e.eventType}-${e.time}-${e.journalId ?? ''}`}
        pagination={false}
        dataSource={history.data?.events ?? []}
        locale={{ emptyText: t('listing.pickDetail.noHistory') }}
        onRow={(row) => ({ 'data-testid': `margin-event-${row.eventType}` }) as object}
        columns={[
          { title: t('listing.fields.eventType'), render: (_, e) => `${e.eventType} ${t(`listing.marginEvent.${e.eventType}`)}` },
          { title: t('listing.fields.eventAmount'), render: (_, e) => formatMoney(e.amount) },
          { title: t('listing.fields.time'), render: (_, e) => dateTime(e.time) },
          { title: t('listing.fields.journalId'), render: (_, e) => e.journalId ?? '-' },
          { title: t('listing.fields.note'), dataIndex: 'note' },
        ]}
      />
    </QueryStates>
  );
}

function Invoice({ pick }: { pick: ListingPickDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invoice = usePickInvoice(pick.pickId, pick.invoiceStatus !== 'W');
  if (pick.invoiceStatus === 'W') return <Typography.Text type="secondary">{t('listing.pickDetail.notOpened')}</Typography.Text>;
  const open = () =>
    fetchInvoiceFile(pick.pickId).then(
      (blob) => {
        const url = URL.createObjectURL(blob);
        window.open(url, '_blank', 'noopener');
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      },
      () => void message.error(t('listing.loadFailed')),
    );
  return (
    <QueryStates keys="listing" skeletonRows={4} query={invoice}>
      {invoice.data && (
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label={t('listing.fields.invoiceStatus')}>
            <StateTag group="invoiceStatus" code={invoice.data.invoiceStatus} testId="invoice-status" />
          </Descriptions.Item>
          <Descriptions.Item label={t('listing.fields.invoiceTitle')}>
            <span data-testid="invoice-title">{invoice.data.invoiceTitle ?? '-'}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('listing.fields.taxpayerId')}>{invoice.data.taxpayerId ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('listing.fields.invoiceAmount')}>
            <span data-testid="invoice-amount">{formatMoney(invoice.data.amount)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('listing.fields.file')}>
            {invoice.data.fileName ? (
              <Button size="small" type="link" onClick={() => void open()} data-testid="invoice-file">
                {invoice.data.fileName}
              </Button>
            ) : (
              '-'
            )}
          </Descriptions.Item>
        </Descriptions>
      )}
    </QueryStates>
  );
}

/** Everything about one pick for its buyer or seller: states, deadlines, margins, events, invoice, defaults, contract. */
export function PickDetailDrawer({ pickId, onClose }: { pickId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = usePickDetail(pickId ?? undefined);
  const pick = detail.data;
  return (
    <Drawer open={pickId !== null} onClose={onClose} width={760} title={pickId ? t('listing.pickDetail.title', { pickId }) : ''} destroyOnHidden data-testid="pick-detail">
      {pickId && (
        <QueryStates keys="listing" skeletonRows={4} query={detail}>
          {pick && (
            <Space direction="vertical" size="large" style={{ width: '100%' }}>
              <Descriptions size="small" bordered column={2} title={t('listing.pickDetail.goods')}>
                <Descriptions.Item label={t('listing.fields.listingId')}>{pick.listingId}</Descriptions.Item>
                <Descriptions.Item label={t('listing.fields.type')}>{`${t(`listing.type.${pick.listingType as 'X'}`, { defaultValue: pick.listingType })} · ${t(`listing.source.${pick.source as 'W'}`, { defaultValue: pick.source })}`}</Descriptions.Item>
                <Descriptions.Item label={t('listing.fields.commodity')}>{`${pick.commodityName} ${pick.gradeName}`}</Descriptions.Item>
                <Descriptions.Item label={t('listing.fields.unitPrice')}>
                  <PriceText price={pick.price} unit={priceUnitOf(pick.listingType, pick)} testId="detail-price" />
                </Descriptions.Item>
                <Descriptions.Item label={t('listing.fields.quantity')}>{`${pick.quantity} ${pick.unit}`}</Descriptions.Item>
                <Descriptions.Item label={t('listing.fields.weight')}>{`${pick.weight ?? pick.listedWeight} ${pick.weightUnit}`}</Descriptions.Item>
                <Descriptions.Item label={t('listing.fields.amount')}>
                  <span data-testid="detail-amount">{formatMoney(pick.amount)}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('listing.fields.fee')}>{formatMoney(pick.fee)}</Descriptions.Item>
                <Descriptions.Item label={t('listing.fields.poundsPoor')}>{pick.poundsPoor}</Descriptions.Item>
                <Descriptions.Item label={t('listing.fields.contract')}>
                  {pick.contractId ? (
                    <Link to={`${CONTRACT_PATH[pick.side]}?contractId=${encodeURIComponent(pick.contractId)}`} data-testid="detail-contract">
                      {t('listing.actions.contract')}
                    </Link>
                  ) : pick.status === 'T' ? (
                    t('listing.pickDetail.contractPending')
                  ) : (
                    '-'
                  )}
                </Descriptions.Item>
              </Descriptions>
              <Descriptions size="small" bordered column={2} title={t('listing.pickDetail.states')}>
                <Descriptions.Item label={t('listing.fields.status')}>
                  <StateTag group="pickStatus" code={pick.status} testId="detail-status" />
                </Descriptions.Item>
                <Descriptions.Item label={t('listing.fields.payStatus')}>
                  <StateTag group="payStatus" code={pick.payStatus} testId="detail-payStatus" />
                </Descriptions.Item>
                <Descriptions.Item label={t('listing.fields.priceFlag')}>
                  <StateTag group="priceFlag" code={pick.priceFlag} testId="detail-priceFlag" />
                </Descriptions.Item>
                <Descriptions.Item label={t('listing.fields.invoiceStatus')}>
                  <StateTag group="invoiceStatus" code={pick.invoiceStatus} testId="detail-invoiceStatus" />
                </Descriptions.Item>
                <Descriptions.Item label={t('listing.fields.deliveryStatus')}>
                  <StateTag group="deliveryStatus" code={pick.deliveryStatus} />
                </Descriptions.Item>
                <Descriptions.Item label={t('listing.fields.side')}>{t(`listing.side.${pick.side}`)}</Descriptions.Item>
              </Descriptions>
              <Descriptions size="small" bordered column={2} title={t('listing.pickDetail.margins')}>
                <Descriptions.Item label={t('listing.fields.buyerMargin')}>
                  <span data-testid="detail-buyerMargin">{formatMoney(pick.buyerMargin)}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('listing.fields.sellerMargin')}>
                  <span data-testid="detail-sellerMargin">{formatMoney(pick.sellerMargin)}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('listing.fields.balance')}>
                  <span data-testid="detail-balance">{formatMoney(pick.balance)}</span>
                </Descriptions.Item>
              </Descriptions>
              <Descriptions size="small" bordered column={2} title={t('listing.pickDetail.deadlines')}>
                <Descriptions.Item label={t('listing.fields.createdAt')}>{dateTime(pick.createdAt)}</Descriptions.Item>
                <Descriptions.Item label={t('listing.fields.confirmedAt')}>{dateTime(pick.confirmedAt)}</Descriptions.Item>
                <Descriptions.Item label={t('listing.fields.balanceDueAt')}>{dateTime(pick.balanceDueAt)}</Descriptions.Item>
                <Descriptions.Item label={t('listing.fields.deliveryDueAt')}>{dateTime(pick.deliveryDueAt)}</Descriptions.Item>
                <Descriptions.Item label={t('listing.fields.invoiceDueAt')}>{dateTime(pick.invoiceDueAt)}</Descriptions.Item>
                <Descriptions.Item label={t('listing.fields.paidAt')}>{dateTime(pick.paidAt)}</Descriptions.Item>
                <Descriptions.Item label={t('listing.fields.settledAt')}>{dateTime(pick.settledAt)}</Descriptions.Item>
              </Descriptions>
              <Descriptions size="small" bordered column={2} title={t('listing.pickDetail.defaults')}>
                <Descriptions.Item label={t('listing.fields.buyerDefault')}>
                  <StateTag group="defaultStatus" code={pick.buyerDefault} testId="detail-buyerDefault" />
                </Descriptions.Item>
                <Descriptions.Item label={t('listing.fields.sellerDefault')}>
                  <StateTag group="defaultStatus" code={pick.sellerDefault} testId="detail-sellerDefault" />
                </Descriptions.Item>
                <Descriptions.Item label={t('listing.fields.defaultReason')} span={2}>
                  <span data-testid="detail-defaultReason">
                    {isDefaultReason(pick.defaultReason) ? t(`listing.defaultReason.${pick.defaultReason}`, { due: dateTime(pick[DEFAULT_REASON_DUE[pick.defaultReason]]) }) : pick.defaultReason || '-'}
                  </span>
                </Descriptions.Item>
              </Descriptions>
              <div>
                <Typography.Title level={5}>{t('listing.pickDetail.history')}</Typography.Title>
                <History pickId={pick.pickId} />
              </div>
              <div>
                <Typography.Title level={5}>{t('listing.pickDetail.invoice')}</Typography.Title>
                <Invoice pick={pick} />
              </div>
            </Space>
          )}
        </QueryStates>
      )}
    </Drawer>
  );
}
