import { useEffect } from 'react';
import { Alert, App, Button, Form, Input, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CERTIFICATION_PHOTO_FIELDS,
  ENTERPRISE_PHONE_RE,
  MOBILE_RE,
  REGISTER_NO_RE,
  type CertificationInfo,
  type CertificationPhotoField,
  type CertificationRequest,
} from '@tp/contract';
import { QueryStates } from '@tp/web-kit';
import type { Messages } from '../../../i18n/cn';
import { uploadCertificationPhoto, useCertification, useSubmitCertification } from '../../../api/enterprise';
import { CERTIFICATION_COLOR, maySubmitCertification } from '../layout/access';
import { guardedPage, PERSONAL_QUERY } from '../shared/PageGuard';
import { PersonalCard } from '../shared/RecordList';
import { PhotoField } from '../shared/PhotoField';
import { useFieldRules } from '../shared/useFieldRules';
import { useFormSubmit } from '../../components/useFormSubmit';

type Values = CertificationRequest;

const TEXT_FIELDS = ['enterpriseName', 'registerNo', 'corporateName', 'enterprisePhone', 'operatorName', 'operatorPhone', 'enterpriseAddress'] as const;

function formValues(info: CertificationInfo): Partial<Values> {
  const values: Partial<Values> = {};
  for (const field of TEXT_FIELDS) if (info[field]) values[field] = info[field];
  if (info.firmType) values.firmType = info.firmType;
  for (const field of CERTIFICATION_PHOTO_FIELDS) if (info[field]) values[field] = info[field];
  return values;
}

function EnterpriseAuthForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rules = useFieldRules();
  const certification = useCertification();
  const submit = useSubmitCertification();
  const [form] = Form.useForm<Values>();
  const info = certification.data;
  const editable = maySubmitCertification(info?.status);
  const label = (field: keyof Messages['enterprise']['field']) => t(`enterprise.field.${field}`);
  const { submitting, onFinish } = useFormSubmit(form, async (values) => {
    await submit.mutateAsync(values);
    void message.success(t('enterprise.auth.submitted'));
  });

  useEffect(() => {
    if (info) form.setFieldsValue(formValues(info));
  }, [info, form]);

  const photoError = (field: CertificationPhotoField) => (text: string) => form.setFields([{ name: field, errors: [text] }]);

  return (
    <PersonalCard menu="enterpriseAuth" extra={info ? <Tag color={CERTIFICATION_COLOR[info.status]} data-testid="certification-status">{t(`enterprise.status.${info.status}`)}</Tag> : null}>
      <QueryStates {...PERSONAL_QUERY} query={certification}>
        {info?.status === '1' || info?.status === '4' ? (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('enterprise.auth.pending', { status: t(`enterprise.status.${info.status}`) })} />
        ) : info?.status === '2' ? (
          <Alert type="success" showIcon style={{ marginBottom: 16 }} message={t('enterprise.auth.approved')} />
        ) : info?.status === '3' || info?.status === '5' ? (
          <Alert type="error" showIcon style={{ marginBottom: 16 }} message={t('enterprise.auth.rejected', { reason: info.reason })} data-testid="certification-reason" />
        ) : (
          <Alert type="info" style={{ marginBottom: 16 }} message={t('enterprise.auth.intro')} />
        )}
        <Form<Values> form={form} name="certification" layout="vertical" style={{ maxWidth: 640 }} disabled={!editable} requiredMark onFinish={onFinish}>
          <Form.Item name="enterpriseName" label={label('enterpriseName')} rules={rules.text(label('enterpriseName'), 2, 100)}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="firmType" label={label('firmType')} rules={[rules.choose(label('firmType'))]}>
            <Select options={(['1', '2', '3'] as const).map((value) => ({ value, label: t(`enterprise.firmType.${value}`) }))} />
          </Form.Item>
          <Form.Item name="registerNo" label={label('registerNo')} extra={t('enterprise.auth.registerNoHint')} rules={rules.pattern(label('registerNo'), REGISTER_NO_RE)} normalize={(v: string) => v.toUpperCase()}>
            <Input maxLength={18} />
          </Form.Item>
          <Form.Item name="corporateName" label={label('corporateName')} rules={rules.text(label('corporateName'), 2, 50)}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="enterprisePhone" label={label('enterprisePhone')} rules={rules.pattern(label('enterprisePhone'), ENTERPRISE_PHONE_RE)}>
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name="operatorName" label={label('operatorName')} rules={rules.text(label('operatorName'), 2, 50)}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="operatorPhone" label={label('operatorPhone')} rules={rules.pattern(label('operatorPhone'), MOBILE_RE)}>
            <Input maxLength={11} inputMode="numeric" />
          </Form.Item>
          <Form.Item name="enterpriseAddress" label={label('enterpriseAddress')} rules={rules.text(label('enterpriseAddress'), 5, 200)}>
            <Input.TextArea maxLength={200} rows={2} />
          </Form.Item>
          <Space wrap size="large" align="start">
            {CERTIFICATION_PHOTO_FIELDS.map((field) => (
              <Form.Item key={field} name={field} label={label(field)} extra={t('enterprise.auth.photoRule')} rules={[rules.choose(label(field))]}>
                <PhotoField
                  label={t('enterprise.auth.upload')}
                  upload={(file) => uploadCertificationPhoto(field, file)}
                  onError={photoError(field)}
                  disabled={!editable}
                  data-testid={`photo-${field}`}
                />
              </Form.Item>
            ))}
          </Space>
          {editable ? (
            <Button type="primary" htmlType="submit" loading={submitting} data-testid="certification-submit">
              {info?.status === '0' ? t('enterprise.auth.submit') : t('enterprise.auth.resubmit')}
            </Button>
          ) : null}
        </Form>
      </QueryStates>
    </PersonalCard>
  );
}

/** `/personalCenter/enterpriseAuth`: the certification form; read-only while under review or once approved. */
export const EnterpriseAuthPage = guardedPage('enterpriseAuth', EnterpriseAuthForm);
