import { Alert, Button, Card, Descriptions, Form, Input, Skeleton, Tag, Typography } from 'antd';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResultCode, VerificationCode } from '@tp/contract';
import { isApiError, useFormRules } from '@tp/web-kit';
import { idNumberProblem } from './idNumber';
import { useRealNameStatus, useVerifyRealName } from './useRealName';

interface Values {
  name: string;
  idNumber: string;
}

/** The server's limits on the two fields, worded with the field's name in the user's language. */
export function useRealNameRules(today: () => Date = () => new Date()): Record<keyof Values, FormRule[]> {
  const { t } = useTranslation();
  const kit = useFormRules();
  const name = t('realName.name');
  const idNumber = t('realName.idNumber');
  return {
    name: [kit.required(name), { whitespace: true, min: 2, max: 50, message: t('realName.rules.nameLength', { label: name, min: 2, max: 50 }) }],
    idNumber: [
      kit.required(idNumber),
      {
        validator: async (_rule, value: string | undefined) => {
          if (!value?.trim()) return;
          const problem = idNumberProblem(value, today());
          if (problem) throw new Error(t(`realName.rules.${problem}`, { label: idNumber }));
        },
      },
    ],
  };
}

/** `/personalCenter/realName`: a personal firm's person verifies name and resident ID before trading; afterwards both show masked. */
export function RealNamePage() {
  const { t } = useTranslation();
  const status = useRealNameStatus();
  const verify = useVerifyRealName();
  const rules = useRealNameRules();
  const [form] = Form.useForm<Values>();

  async function onFinish(values: Values) {
    try {
      await verify.mutateAsync({ name: values.name.trim(), idNumber: values.idNumber.trim().toUpperCase() });
    } catch (error) {
      // The client already showed the server's message; the form marks the field it is about.
      if (!isApiError(error)) return;
      if (error.fields.length > 0) {
        form.setFields(error.fields.map((f) => ({ name: f.field === 'name' ? 'name' : 'idNumber', errors: [f.message] })));
      } else if (error.code === ResultCode.validation || error.code === VerificationCode.idInUse) {
        form.setFields([{ name: 'idNumber', errors: [error.message] }]);
      }
    }
  }

  const heading = <h1 className="result-heading" data-testid="page-heading">{t('realName.title')}</h1>;
  if (!status.data) return <Card title={heading}><Skeleton active /></Card>;
  const masked = status.data.realNameMasked;

  return (
    <Card title={heading}>
      {status.data.realName === '1' && masked ? (
        <>
          <Alert type="success" showIcon title={t('realName.done')} style={{ marginBottom: 16 }} />
          <Descriptions
            column={1}
            bordered
            data-testid="realname-verified"
            items={[
              { key: 'name', label: t('realName.name'), children: <span data-testid="realname-name">{masked.name}</span> },
              { key: 'idNumber', label: t('realName.idNumber'), children: <span data-testid="realname-id">{masked.idNumber}</span> },
              { key: 'status', label: t('realName.title'), children: <Tag color="success">{t('realName.verified')}</Tag> },
            ]}
          />
        </>
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('realName.intro')}</Typography.Paragraph>
          <Form form={form} name="realName" layout="vertical" style={{ maxWidth: 420 }} onFinish={(values) => void onFinish(values)}>
            <Form.Item name="name" label={t('realName.name')} rules={rules.name}>
              <Input autoComplete="name" maxLength={50} />
            </Form.Item>
            <Form.Item name="idNumber" label={t('realName.idNumber')} rules={rules.idNumber}>
              <Input maxLength={18} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={verify.isPending} data-testid="realname-submit">
              {t('realName.submit')}
            </Button>
          </Form>
        </>
      )}
    </Card>
  );
}
