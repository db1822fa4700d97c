import { useState } from 'react';
import { Button, Card, Col, Empty, Input, Pagination, Row, Select, Space, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryStates } from '@tp/web-kit';
import { MallSort, type AuctionItem } from '@tp/contract';
import { useMallAuctions, useMallClasses, useMallGoods } from '../../../api/mall';
import { paths } from '../../../paths';
import { MallCard, MallImage, SIZE, money } from '../shared';

/** The spec's mall auction phase: passed-in when unsold, otherwise 0 notice, 1 bidding, 2 ended. */
export function auctionPhase(item: Pick<AuctionItem, 'status' | 'unsold'>): '0' | '1' | '2' | 'unsold' | undefined {
  if (item.unsold) return 'unsold';
  return item.status === '0' || item.status === '1' || item.status === '2' ? item.status : undefined;
}

function MallAuctions() {
  const { t } = useTranslation();
  const auctions = useMallAuctions();
  const items = (auctions.data?.content ?? []).filter((item) => auctionPhase(item) !== undefined);
  return (
    <Card size="small" title={t('mall.auctions.title')} style={{ marginBottom: 16 }} data-testid="mall-auctions">
      <QueryStates keys="mall" query={auctions} empty={items.length === 0} emptyText={t('mall.auctions.empty')}>
        <Space wrap>
          {items.map((item) => (
            <Card key={item.itemId} size="small" style={{ width: 220 }} data-testid="mall-auction">
              <Typography.Text strong>{item.commodityName}</Typography.Text>
              <div>
                <Tag color={item.status === '1' ? 'green' : 'blue'} data-testid="mall-auction-phase" data-phase={auctionPhase(item)}>
                  {t(`mall.auctions.phase.${auctionPhase(item)!}`)}
                </Tag>
                {money(item.currentPrice)}
              </div>
              <Link to={paths.auctionRoom(item.itemId)}>{t('mall.auctions.enter')}</Link>
            </Card>
          ))}
        </Space>
      </QueryStates>
    </Card>
  );
}

/** `/mall/mall`: goods on sale by class, with search, sort and paging, and the mall's auctions; readable without logging in. */
export function MallPage() {
  const { t } = useTranslation();
  const classes = useMallClasses();
  const [classId, setClassId] = useState<string>('');
  const [keyword, setKeyword] = useState('');
  const [typed, setTyped] = useState('');
  const [sort, setSort] = useState<MallSort>('new');
  const [page, setPage] = useState(0);
  const goods = useMallGoods({ ...(classId ? { classId } : {}), ...(keyword ? { keyword } : {}), sort, page, size: SIZE });
  const reset = (fn: () => void) => {
    fn();
    setPage(0);
  };
  return (
    <MallCard
      title={t('mall.title')}
      extra={
        <Link to={paths.mallOrderList}>
          <Button>{t('mall.user.orderList')}</Button>
        </Link>
      }
    >
      <MallAuctions />
      <Tabs
        activeKey={classId}
        onChange={(key) => reset(() => setClassId(key))}
        items={[{ key: '', label: t('mall.allClasses') }, ...(classes.data ?? []).map((c) => ({ key: c.classId, label: c.name }))]}
        data-testid="mall-classes"
      />
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          value={typed}
          maxLength={40}
          placeholder={t('mall.keywordHint')}
          enterButton={t('mall.search')}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(v) => reset(() => setKeyword(v.trim()))}
          style={{ width: 320 }}
          data-testid="mall-search"
        />
        <Select value={sort} style={{ width: 180 }} onChange={(v) => reset(() => setSort(v))} options={MallSort.map((s) => ({ value: s, label: t(`mall.sort.${s}`) }))} data-testid="mall-sort" />
      </Space>
      <QueryStates keys="mall" skeletonRows={4} query={goods} empty={goods.data?.total === 0}>
        {goods.data && goods.data.total > 0 ? (
          <>
            <Row gutter={[16, 16]}>
              {goods.data.content.map((g) => (
                <Col key={g.commodityId} xs={24} sm={12} md={8} lg={6}>
                  <Link to={paths.mallDetails(g.commodityId)} data-testid="mall-goods-card">
                    <Card hoverable size="small" cover={<MallImage thumbUrl={g.images[0]?.thumbUrl} alt={g.name} width={220} />}>
                      <Typography.Text strong ellipsis>
                        {g.name}
                      </Typography.Text>
                      <div>
                        <Typography.Text type="danger" data-testid="mall-goods-price">
                          ¥{money(g.price)}
                        </Typography.Text>
                        <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                          {t('mall.fields.sold')} {g.sold}
                        </Typography.Text>
                      </div>
                      <Typography.Text type="secondary">{g.sellerName}</Typography.Text>
                    </Card>
                  </Link>
                </Col>
              ))}
            </Row>
            <Pagination style={{ marginTop: 16 }} current={page + 1} pageSize={SIZE} total={goods.data.total} showSizeChanger={false} onChange={(p) => setPage(p - 1)} />
          </>
        ) : (
          <Empty />
        )}
      </QueryStates>
    </MallCard>
  );
}
