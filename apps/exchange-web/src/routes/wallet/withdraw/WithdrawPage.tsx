import { useState } from 'react';
import { Alert, App, AutoComplete, Button, Card, Descriptions, Form, Input, Space, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Decimal } from '@tp/decimal';
import { applyFieldErrors, useFormRules } from '@tp/web-kit';
import { useAssetList, useAssetOverview } from '../../../api/assets';
import { useAddToBook, useAddressBook, useWalletLive, useWalletSettings, useWithdraw, useWithdrawPreview } from '../../../api/wallet';
import { paths } from '../../../paths';
import { SecondFactorField, secondFactorOf } from '../../../components/SecondFactorField';
import { checkAmount, showAmount } from '../../assets/amounts';
import { addressRefusal } from '../components/addressRule';
import { AssetPicker } from '../components/AssetPicker';
import { WithdrawalTable } from '../components/RecordTables';

interface WithdrawValues {
  address: string;
  amount: string;
  fundPassword: string;
  label?: string;
  totpCode?: string;
}

const newRequestId = () => crypto.randomUUID().replaceAll('-', '');

/** `/assets/withdraw`: to a saved or typed address; amount, fee and total shown; fund password; confirmed first. */
export function WithdrawPage() {
  const { t } = useTranslation();
  const rules = useFormRules();
  const { message, modal } = App.useApp();
  const [params, setParams] = useSearchParams();
  const assets = useAssetList();
  const overview = useAssetOverview();
  const book = useAddressBook();
  const settings = useWalletSettings();
  const whitelistOnly = settings.data?.whitelistOnly === true;
  const addToBook = useAddToBook();
  const withdraw = useWithdraw();
  const [form] = Form.useForm<WithdrawValues>();
  const [requestId, setRequestId] = useState(newRequestId);
  useWalletLive();

  const code = params.get('asset') ?? 'USDT';
  const asset = assets.data?.find((a) => a.code === code);
  const precision = asset?.precision ?? 8;
  const available = overview.data?.accounts.find((a) => a.accountType === 'spot')?.balances.find((b) => b.asset === code)?.available ?? '0';
  const amount = (Form.useWatch('amount', form) ?? '').trim();
  // The preview asks the server only for amounts it could accept; the balance check comes with the form.
  const amountOk = amount !== '' && checkAmount(amount, precision, '1000000000000000000') === null;
  const preview = useWithdrawPreview(code, amount, amountOk);
  const maxAmount = asset ? Decimal.parse(available).sub(asset.withdrawFee) : Decimal.ZERO;

  function submit(values: WithdrawValues) {
    modal.confirm({
      title: t('wallet.confirmTitle'),
      content: t('wallet.confirmText', { amount: values.amount, asset: code, fee: asset?.withdrawFee ?? '', address: values.address }),
      okText: t('assets.transfer.confirm'),
      cancelText: t('assets.transfer.cancel'),
      okButtonProps: { 'data-testid': 'withdraw-confirm' },
      onOk: async () => {
        try {
          const record = await withdraw.mutateAsync({ asset: code, address: values.address.trim(), amount: values.amount.trim(), fundPassword: values.fundPassword, requestId, ...secondFactorOf(values.totpCode) });
          if (values.label?.trim()) await addToBook.mutateAsync({ asset: code, label: values.label.trim(), address: values.address.trim() });
          void message.success(t(`wallet.withdrawalStatus.${record.status}`));
          setRequestId(newRequestId());
          form.resetFields();
        } catch (error) {
          applyFieldErrors(form, error);
        }
      },
    });
  }

  const saved = (book.data ?? []).filter((entry) => entry.asset === code);

  // Checked before the confirmation, with the server's rule: the chain's format and checksum, and the whitelist.
  function checkAddress(_: unknown, value: string | undefined) {
    const address = (value ?? '').trim();
    if (!address || !asset) return Promise.resolve();
    const refusal = addressRefusal(address, asset, whitelistOnly ? { book: book.data ?? [] } : undefined);
    return refusal ? Promise.reject(new Error(t(`wallet.addressRule.${refusal.rule}`, refusal.params))) : Promise.resolve();
  }

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={<h1 className="ex-heading" data-testid="page-heading">{t('wallet.withdrawTitle')}</h1>} extra={<Link to={paths.addresses}>{t('wallet.book.title')}</Link>}>
        {whitelistOnly ? <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('wallet.whitelistActive')} data-testid="whitelist-active" /> : null}
        <AssetPicker
          value={code}
          assets={assets.data}
          onChange={(value) => {
            setParams({ asset: value });
            form.resetFields();
          }}
        />
        <Form<WithdrawValues> form={form} name="withdraw" layout="vertical" style={{ maxWidth: 520 }} onFinish={submit}>
          <Form.Item name="address" label={t('wallet.address')} rules={[rules.required(t('wallet.address')), { validator: checkAddress }]}>
            <AutoComplete
              options={saved.map((entry) => ({ value: entry.address, label: `${entry.label} · ${entry.address}` }))}
              placeholder={t('wallet.addressPlaceholder', { chain: asset?.chain ?? '' })}
            />
          </Form.Item>
          {whitelistOnly ? null : (
            <Form.Item name="label" label={`${t('wallet.saveAs')}（${t('register.optional')}）`}>
              <Input maxLength={30} placeholder={t('wallet.labelPlaceholder')} />
            </Form.Item>
          )}
          <Form.Item
            name="amount"
            label={t('wallet.amount')}
            extra={
              <Typography.Text type="secondary" data-testid="withdraw-available">
                {t('wallet.availableMin', { available: showAmount(available, precision), minimum: asset?.minWithdraw ?? '', asset: code })}
              </Typography.Text>
            }
            rules={[
              {
                validator: (_, value: string | undefined) => {
                  const text = (value ?? '').trim();
                  const problem = text ? checkAmount(text, precision, maxAmount.isNegative() ? '0' : maxAmount.toString()) : 'format';
                  if (problem) return Promise.reject(new Error(t(`assets.transfer.amountRule.${problem}`, { places: precision })));
                  if (asset && Decimal.parse(text).lt(asset.minWithdraw)) return Promise.reject(new Error(t('wallet.belowMin', { minimum: asset.minWithdraw, asset: code })));
                  return Promise.resolve();
                },
              },
            ]}
          >
            <Input inputMode="decimal" suffix={code} />
          </Form.Item>
          {preview.data ? (
            <Descriptions size="small" column={1} style={{ marginBottom: 16 }} data-testid="withdraw-preview">
              <Descriptions.Item label={t('wallet.fee')}>{`${preview.data.fee} ${code}`}</Descriptions.Item>
              <Descriptions.Item label={t('wallet.total')}>{`${preview.data.total} ${code}`}</Descriptions.Item>
              {preview.data.needsReview ? <Descriptions.Item label={t('wallet.status')}>{t('wallet.needsReview')}</Descriptions.Item> : null}
            </Descriptions>
          ) : null}
          <Form.Item name="fundPassword" label={t('security.fundPassword')} rules={[rules.required(t('security.fundPassword'))]}>
            <Input.Password inputMode="numeric" maxLength={6} autoComplete="off" />
          </Form.Item>
          <SecondFactorField />
          <Button type="primary" htmlType="submit" loading={withdraw.isPending} data-testid="withdraw-submit">
            {t('wallet.withdrawSubmit')}
          </Button>
        </Form>
      </Card>
      <Card title={t('wallet.withdrawalRecords')}>
        <WithdrawalTable asset={code} />
      </Card>
    </Space>
  );
}
