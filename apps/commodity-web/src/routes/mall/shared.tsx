import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MallGoodsStatus, MallOrderStatus } from '@tp/contract';
import { BlobImage, formatMoney } from '@tp/web-kit';
import { loadBlob } from '../../layout/images';
import { SectionCard, pagination } from '../../layout/SectionPage';

export const MallCard = SectionCard;
export { pagination };
export const SIZE = 12;
/** Money as shown: thousands grouped, two decimals, truncated. */
export const money = (value: string) => formatMoney(value);

const ORDER_COLOURS: Record<MallOrderStatus, string> = { P: 'gold', W: 'orange', S: 'blue', T: 'cyan', C: 'green', U: 'default', R: 'purple' };
const GOODS_COLOURS: Record<MallGoodsStatus, string> = { W: 'processing', T: 'success', F: 'error', O: 'warning' };

export function MallOrderStatusTag({ status }: { status: MallOrderStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={ORDER_COLOURS[status]} data-testid="mall-order-status" data-status={status}>
      {t(`mall.status.${status}`)}
    </Tag>
  );
}

export function MallGoodsStatusTag({ status }: { status: MallGoodsStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={GOODS_COLOURS[status]} data-testid="mall-goods-status" data-status={status}>
      {t(`mall.goodsStatus.${status}`)}
    </Tag>
  );
}

/** A goods picture; a grey box keeps the layout when there is none. */
export function MallImage({ thumbUrl, url, alt, width = 160 }: { thumbUrl: string | null | undefined; url?: string | undefined; alt: string; width?: number }) {
  return <BlobImage load={loadBlob} thumbUrl={thumbUrl} url={url} alt={alt} width={width} testId="mall-image" fallback={<div style={{ width, height: width * 0.66, background: '#f5f5f5' }} />} />;
}
