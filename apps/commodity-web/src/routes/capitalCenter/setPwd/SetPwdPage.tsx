import { Alert, App, Button, Descriptions, Form, Space, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryStates, applyFieldErrors, useSecondFactorAsk } from '@tp/web-kit';
import type { PaymentPasswordKind } from '@tp/contract';
import { usePaymentPasswords, useSetPaymentPassword } from '../../../api/bank';
import { paths } from '../../../paths';
import { SectionCard } from '../../../layout/SectionPage';
import { NewPasswordItems, PasswordKindItem } from '../components/PasswordKind';
import { CAPITAL_QUERY } from '../components/queryStates';

interface SetValues {
  kind: PaymentPasswordKind;
  password: string;
  confirm: string;
  totpCode?: string;
}

/** `/capitalCenter/setPwd`: sets the fund or margin password (six digits), once; later it is changed or reset. */
export function SetPwdPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const status = usePaymentPasswords();
  const setPassword = useSetPaymentPassword();
  const [form] = Form.useForm<SetValues>();
  const secondFactor = useSecondFactorAsk();
  const kind = Form.useWatch('kind', form) ?? 'fund';
  const isSet = status.data?.[kind] === true;

  async function onFinish(values: SetValues) {
    try {
      await setPassword.mutateAsync({ kind: values.kind, password: values.password, ...secondFactor.valueOf(values) });
      void message.success(t('capital.pwd.setDone'));
      form.resetFields(['password', 'confirm', 'totpCode']);
    } catch (error) {
      if (!secondFactor.catchRefusal(error)) applyFieldErrors(form, error);
    }
  }

  return (
    <SectionCard title={t('capital.menu.setPwd')}>
      <QueryStates {...CAPITAL_QUERY} query={status}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Descriptions
            size="small"
            column={1}
            items={(['fund', 'margin'] as const).map((k) => ({
              key: k,
              label: t(`capital.pwd.${k}`),
              children: (
                <Tag color={status.data?.[k] ? 'green' : 'orange'} data-testid={`pwd-status-${k}`}>
                  {status.data?.[k] ? t('capital.pwd.isSet') : t('capital.pwd.notSet')}
                </Tag>
              ),
            }))}
          />
          <Form<SetValues> form={form} layout="vertical" style={{ maxWidth: 420 }} requiredMark={false} initialValues={{ kind: 'fund' }} onFinish={(v) => void onFinish(v)}>
            <PasswordKindItem />
            {isSet && <Alert style={{ marginBottom: 16 }} type="info" showIcon title={t('capital.pwd.alreadySet')} action={<Link to={paths.capitalModifyPwd}>{t('capital.menu.modifyPwd')}</Link>} />}
            <NewPasswordItems />
            {secondFactor.item}
            <Button type="primary" htmlType="submit" loading={setPassword.isPending} disabled={isSet} data-testid="pwd-submit">
              {t('capital.pwd.submitSet')}
            </Button>
          </Form>
        </Space>
      </QueryStates>
    </SectionCard>
  );
}
