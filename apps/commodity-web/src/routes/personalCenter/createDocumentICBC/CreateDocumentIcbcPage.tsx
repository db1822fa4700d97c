import { useState } from 'react';
import { Alert, App, Button, Descriptions, Form, Input, Result, Select } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryStates, applyFieldErrors, useSession } from '@tp/web-kit';
import type { IcbcDocumentRequest, SignRecord } from '@tp/contract';
import { useIcbcDocument, useIcbcInfo } from '../../../api/bank';
import { paths } from '../../../paths';
import { useCapitalRules } from '../../capitalCenter/components/fields';
import { SectionCard } from '../../../layout/SectionPage';
import { CAPITAL_QUERY } from '../../capitalCenter/components/queryStates';
import { SignStatusTag } from '../../capitalCenter/components/status';
import { CERT_NO_PATTERN, MOBILE_RE } from '@tp/contract';

/** `/personalCenter/createDocumentICBC`: the firm's ICBC document (建档); the bank opens a sub-account, then the firm signs. */
export function CreateDocumentIcbcPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { hasRight } = useSession();
  const rules = useCapitalRules();
  const info = useIcbcInfo();
  const create = useIcbcDocument();
  const [form] = Form.useForm<IcbcDocumentRequest>();
  const [created, setCreated] = useState<SignRecord | null>(null);
  const existing = created ?? info.data?.sign ?? null;

  async function onFinish(values: IcbcDocumentRequest) {
    try {
      setCreated(await create.mutateAsync(values));
      void message.success(t('capital.icbc.documentDone'));
    } catch (error) {
      applyFieldErrors(form, error);
    }
  }

  return (
    <SectionCard title={t('capital.menu.createDocument')}>
      {!hasRight('capital.sign') ? (
        <Alert type="warning" showIcon title={t('capital.noRight')} />
      ) : (
        <QueryStates {...CAPITAL_QUERY} query={info}>
          {existing ? (
            <Result
              status="success"
              title={<SignStatusTag status={existing.status} testId="document-status" />}
              subTitle={<Descriptions size="small" column={1} items={[{ key: 'sub', label: t('capital.field.subAccount'), children: <span data-testid="document-subaccount">{existing.subAccount}</span> }]} />}
              extra={
                existing.status === '0' && (
                  <Link to={`${paths.capitalSign}?bankId=icbc`}>
                    <Button type="primary" data-testid="document-sign">
                      {t('capital.menu.sign')}
                    </Button>
                  </Link>
                )
              }
            />
          ) : (
            <Form<IcbcDocumentRequest> form={form} layout="vertical" style={{ maxWidth: 480 }} requiredMark={false} initialValues={{ certType: '1' }} onFinish={(v) => void onFinish(v)}>
              <Form.Item name="bankAccountName" label={t('capital.field.bankAccountName')} rules={rules.length(t('capital.field.bankAccountName'), 2, 60)}>
                <Input maxLength={60} data-testid="field-bankAccountName" />
              </Form.Item>
              <Form.Item name="certType" label={t('capital.field.certType')} rules={[rules.required(t('capital.field.certType'))]}>
                <Select options={[{ value: '1', label: t('capital.certType.c1') }, { value: '2', label: t('capital.certType.c2') }]} />
              </Form.Item>
              <Form.Item name="certNo" label={t('capital.field.certNo')} rules={rules.pattern(t('capital.field.certNo'), CERT_NO_PATTERN)}>
                <Input maxLength={20} data-testid="field-certNo" />
              </Form.Item>
              <Form.Item name="contactPhone" label={t('capital.field.contactPhone')} rules={rules.pattern(t('capital.field.contactPhone'), MOBILE_RE)}>
                <Input maxLength={11} inputMode="numeric" data-testid="field-contactPhone" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="document-submit">
                {t('capital.icbc.documentSubmit')}
              </Button>
            </Form>
          )}
        </QueryStates>
      )}
    </SectionCard>
  );
}
