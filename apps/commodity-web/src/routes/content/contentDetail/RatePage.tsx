import { Card, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Decimal } from '@tp/decimal';
import type { PublicFeeSettings } from '@tp/contract';
import { useFeeTerms } from '../../../api/content';

/** A ratio as a percentage, exactly: '0.002' → '0.2%'. */
export const percent = (ratio: string): string => `${Decimal.parse(ratio).mul(Decimal.parse('100')).toString()}%`;

/** The rate page's paragraphs, worded from the fee settings in force. */
export function rateParagraphs(t: TFunction, terms: PublicFeeSettings): string[] {
  return [
    t('content.rate.fee', { rate: percent(terms.feeRate) }),
    t('content.rate.margin', { buyer: percent(terms.defaultBuyerMarginRatio), seller: percent(terms.defaultSellerMarginRatio) }),
    t('content.rate.balance', { days: terms.balanceDays, grace: terms.graceDays, share: percent(terms.forfeitPlatformShare) }),
    t('content.rate.close', { time: terms.marketCloseTime }),
    t('content.rate.storage'),
    t('content.rate.inspection'),
  ];
}

/** `/footer/footerDetails/rate`: what the platform charges, from the live fee settings, so it never contradicts a charge. */
export function RatePage() {
  const { t } = useTranslation();
  const terms = useFeeTerms();
  if (terms.isPending) return <Card><Skeleton active /></Card>;
  if (!terms.data) return <Result status="warning" title={<span data-testid="page-heading">{t('content.loadFailed')}</span>} />;
  return (
    <Card>
      <Typography.Title level={1} className="result-heading" data-testid="page-heading">
        {t('content.rate.title')}
      </Typography.Title>
      <div data-testid="content-body" style={{ marginTop: 16 }}>
        {rateParagraphs(t, terms.data).map((text, index) => (
          <Typography.Paragraph key={index}>{text}</Typography.Paragraph>
        ))}
      </div>
    </Card>
  );
}
