import { Button, Descriptions, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { QueryStates, isApiError, loginPathFor, useSession } from '@tp/web-kit';
import { useSupplyNote } from '../../../api/supply';
import { paths } from '../../../paths';
import { KindTag, NoteImage, StatusTag, SupplyCard, usePriceText } from '../shared';

/** `/supplyDemandInfo/details/{id?}`: one approved note; its contact only for logged-in users. */
export function SupplyDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const location = useLocation();
  const { isLoggedIn } = useSession();
  const note = useSupplyNote(id);
  const priceText = usePriceText();
  const back = (
    <Link to={paths.supplyDemand}>
      <Button>{t('supply.actions.board')}</Button>
    </Link>
  );
  const missing = id === undefined || !/^\d{1,18}$/.test(id) || (note.isError && isApiError(note.error) && note.error.httpStatus === 404);
  if (missing)
    return (
      <SupplyCard title={t('supply.detailTitle')}>
        <Result status="404" title={t('supply.notFound')} extra={back} data-testid="note-not-found" />
      </SupplyCard>
    );
  const data = note.data;
  return (
    <SupplyCard title={t('supply.detailTitle')} extra={back}>
      <QueryStates keys="supply" skeletonRows={4} query={note}>
        {data && (
          <Space direction="vertical" size="large" style={{ width: '100%' }}>
            <Space wrap>
              <KindTag kind={data.kind} />
              <Typography.Title level={3} style={{ margin: 0 }} data-testid="note-title">
                {data.title}
              </Typography.Title>
              {data.mine && <StatusTag status={data.status} />}
            </Space>
            <NoteImage note={data} width={300} />
            <Descriptions bordered column={{ xs: 1, sm: 2 }} size="small">
              <Descriptions.Item label={t('supply.fields.commodityName')}>{data.commodityName}</Descriptions.Item>
              <Descriptions.Item label={t('supply.fields.brand')}>{data.brand || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('supply.fields.specifications')}>{data.specifications || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('supply.fields.packages')}>{data.packages || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('supply.fields.price')}>
                <span data-testid="note-price">{priceText(data)}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('supply.fields.weight')}>{`${data.weight} ${data.weightUnit}`}</Descriptions.Item>
              <Descriptions.Item label={t('supply.fields.address')}>{data.address}</Descriptions.Item>
              <Descriptions.Item label={t('supply.fields.companyName')}>{data.companyName}</Descriptions.Item>
              <Descriptions.Item label={t('supply.fields.contactsName')}>
                <span data-testid="note-contact">{data.contactsName ?? t('supply.contactHidden')}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('supply.fields.contactsPhone')}>
                {data.contactsPhone ?? (
                  <Link to={loginPathFor(location.pathname, paths.login)} data-testid="note-login-for-contact">
                    {t('supply.actions.loginForContact')}
                  </Link>
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t('supply.fields.createdAt')}>{new Date(data.createdAt).toLocaleString()}</Descriptions.Item>
            </Descriptions>
            {data.description && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{data.description}</Typography.Paragraph>}
            {!isLoggedIn && <Typography.Text type="secondary">{t('supply.contactHidden')}</Typography.Text>}
          </Space>
        )}
      </QueryStates>
    </SupplyCard>
  );
}
