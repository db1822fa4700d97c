import { useEffect, useState } from 'react';
import { Alert, Card, Descriptions, Skeleton, Space, Typography } from 'antd';
import QRCode from 'qrcode';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAssetList } from '../../../api/assets';
import { AssetPicker } from '../components/AssetPicker';
import { useDepositAddress, useWalletLive } from '../../../api/wallet';
import { CopyButton } from '../../../components/CopyButton';
import { DepositTable } from '../components/RecordTables';

function useQrCode(text: string | undefined): string | undefined {
  const [image, setImage] = useState<{ text: string; url: string }>();
  useEffect(() => {
    if (!text) return;
    let current = true;
    void QRCode.toDataURL(text, { width: 220, margin: 1 }).then((url) => {
      if (current) setImage({ text, url });
    });
    return () => {
      current = false;
    };
  }, [text]);
  return image && image.text === text ? image.url : undefined;
}

/** `/assets/deposit`: the user's address for the asset's chain, as text and QR code, and the deposits arriving. */
export function DepositPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const assets = useAssetList();
  const asset = params.get('asset') ?? 'USDT';
  const address = useDepositAddress(asset);
  const qr = useQrCode(address.data?.address);
  useWalletLive();

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={<h1 className="ex-heading" data-testid="page-heading">{t('wallet.depositTitle')}</h1>}>
        <AssetPicker value={asset} assets={assets.data} onChange={(value) => setParams({ asset: value })} data-testid="deposit-asset" />
        {address.isPending ? (
          <Skeleton active />
        ) : address.data ? (
          <Space size={32} align="start" wrap>
            {qr ? <img src={qr} alt={t('wallet.qrAlt')} width={220} height={220} data-testid="deposit-qr" /> : <Skeleton.Image active />}
            <Descriptions column={1}>
              <Descriptions.Item label={t('wallet.chain')}>{address.data.chain}</Descriptions.Item>
              <Descriptions.Item label={t('wallet.address')}>
                <Space wrap>
                  <Typography.Text code data-testid="deposit-address">
                    {address.data.address}
                  </Typography.Text>
                  <CopyButton text={address.data.address} data-testid="copy-address" />
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label={t('wallet.minDeposit')}>{`${address.data.minDeposit} ${asset}`}</Descriptions.Item>
              <Descriptions.Item label={t('wallet.confirmations')}>{address.data.confirmations}</Descriptions.Item>
            </Descriptions>
          </Space>
        ) : null}
        {address.data && !address.data.activated ? (
          <Alert type="warning" showIcon style={{ marginTop: 16 }} message={t('wallet.activationHint', { minimum: address.data.minDeposit, asset })} />
        ) : null}
      </Card>
      <Card title={t('wallet.depositRecords')}>
        <DepositTable asset={asset} />
      </Card>
    </Space>
  );
}
