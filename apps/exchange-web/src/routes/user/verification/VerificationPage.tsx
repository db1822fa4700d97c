import { useState } from 'react';
import { Alert, App, Button, Card, DatePicker, Descriptions, Form, Input, Radio, Result, Skeleton, Space, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { VerificationStatus } from '@tp/contract';
import { applyFieldErrors, useFormRules } from '@tp/web-kit';
import { useBasicVerification, useSeniorVerification, useVerificationStatus } from '../../../api/verification';
import { PhotoUpload } from './PhotoUpload';
import { CERTIFICATE_NUMBER_RE, ID_NUMBER_RE } from '@tp/contract';

const SENIOR_TAG: Record<VerificationStatus['senior'], { color: string; key: 'user.unverified' | 'user.underReview' | 'user.verified' | 'user.failed' }> = {
  '0': { color: 'default', key: 'user.unverified' },
  '1': { color: 'gold', key: 'user.underReview' },
  '2': { color: 'green', key: 'user.verified' },
  '3': { color: 'red', key: 'user.failed' },
};

/** `/user/verification`: real-name verification, then senior verification with the certificate's photos. */
export function VerificationPage() {
  const { t } = useTranslation();
  const status = useVerificationStatus();
  const data = status.data;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={<h1 className="ex-heading" data-testid="page-heading">{t('verify.title')}</h1>}>
        {status.isPending || !data ? (
          <Skeleton active />
        ) : (
          <Descriptions column={1} data-testid="verification-status">
            <Descriptions.Item label={t('user.realName')}>
              {data.realName === '1' ? <Tag color="green">{t('user.verified')}</Tag> : <Tag>{t('user.unverified')}</Tag>}
              {data.realNameMasked ? `${data.realNameMasked.name} ${data.realNameMasked.idNumber}` : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('user.senior')}>
              <Tag color={SENIOR_TAG[data.senior].color}>{t(SENIOR_TAG[data.senior].key)}</Tag>
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      {data?.realName === '0' ? <BasicForm /> : null}
      {data?.realName === '1' && (data.senior === '0' || data.senior === '3') ? <SeniorForm failedReason={data.seniorReason} /> : null}
      {data?.senior === '1' ? <Result status="info" title={t('verify.underReview')} /> : null}
    </Space>
  );
}

function BasicForm() {
  const { t } = useTranslation();
  const rules = useFormRules();
  const { message } = App.useApp();
  const basic = useBasicVerification();
  const [form] = Form.useForm<{ name: string; idNumber: string }>();

  async function onFinish(values: { name: string; idNumber: string }) {
    try {
      await basic.mutateAsync({ name: values.name.trim(), idNumber: values.idNumber.trim().toUpperCase() });
      void message.success(t('verify.basicDone'));
    } catch (error) {
      applyFieldErrors(form, error);
    }
  }

  return (
    <Card title={t('verify.basicTitle')}>
      <Form form={form} name="basicVerification" layout="vertical" style={{ maxWidth: 420 }} onFinish={(v) => void onFinish(v)}>
        <Form.Item name="name" label={t('verify.name')} rules={[rules.required(t('verify.name'))]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="idNumber"
          label={t('verify.idNumber')}
          rules={[rules.required(t('verify.idNumber')), { pattern: ID_NUMBER_RE, message: t('verify.idNumberRule') }]}
        >
          <Input maxLength={18} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={basic.isPending} data-testid="basic-submit">
          {t('verify.submit')}
        </Button>
      </Form>
    </Card>
  );
}

interface SeniorValues {
  location: 'mainland' | 'other';
  nationality?: string;
  name: string;
  certificateName: string;
  certificateNumber: string;
  validity: [Dayjs, Dayjs];
  frontImageId: string;
  backImageId: string;
  holdingImageId: string;
}

function SeniorForm({ failedReason }: { failedReason: string }) {
  const { t } = useTranslation();
  const rules = useFormRules();
  const { message } = App.useApp();
  const senior = useSeniorVerification();
  const [form] = Form.useForm<SeniorValues>();
  const [location, setLocation] = useState<'mainland' | 'other'>('mainland');

  async function onFinish(values: SeniorValues) {
    try {
      await senior.mutateAsync({
        location: values.location,
        nationality: values.location === 'other' ? values.nationality?.trim() : undefined,
        name: values.name.trim(),
        certificateName: values.certificateName.trim(),
        certificateNumber: values.certificateNumber.trim(),
        validFrom: values.validity[0].format('YYYY-MM-DD'),
        validTo: values.validity[1].format('YYYY-MM-DD'),
        frontImageId: values.frontImageId,
        backImageId: values.backImageId,
        holdingImageId: values.holdingImageId,
      });
      void message.success(t('verify.seniorSubmitted'));
    } catch (error) {
      applyFieldErrors(form, error);
    }
  }

  const photo = (name: 'frontImageId' | 'backImageId' | 'holdingImageId', label: string) => (
    <Form.Item name={name} label={label} rules={[rules.required(label)]}>
      <PhotoUpload label={label} data-testid={`photo-${name}`} />
    </Form.Item>
  );

  return (
    <Card title={t('verify.seniorTitle')}>
      {failedReason ? <Alert type="error" showIcon style={{ marginBottom: 16 }} message={t('verify.failedReason', { reason: failedReason })} data-testid="senior-failed" /> : null}
      <Form form={form} name="seniorVerification" layout="vertical" style={{ maxWidth: 560 }} initialValues={{ location: 'mainland' }} onFinish={(v) => void onFinish(v)}>
        <Form.Item name="location" label={t('verify.location')}>
          <Radio.Group onChange={(e) => setLocation(e.target.value as 'mainland' | 'other')}>
            <Radio value="mainland">{t('verify.mainland')}</Radio>
            <Radio value="other">{t('verify.other')}</Radio>
          </Radio.Group>
        </Form.Item>
        {location === 'other' ? (
          <Form.Item name="nationality" label={t('verify.nationality')} rules={[rules.required(t('verify.nationality'))]}>
            <Input maxLength={60} />
          </Form.Item>
        ) : null}
        <Form.Item name="name" label={t('verify.name')} rules={[rules.required(t('verify.name'))]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="certificateName" label={t('verify.certificateName')} rules={[rules.required(t('verify.certificateName'))]}>
          <Input maxLength={40} placeholder={t('verify.certificatePlaceholder')} />
        </Form.Item>
        <Form.Item
          name="certificateNumber"
          label={t('verify.certificateNumber')}
          rules={[rules.required(t('verify.certificateNumber')), { pattern: CERTIFICATE_NUMBER_RE, message: t('verify.certificateNumberRule') }]}
        >
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item
          name="validity"
          label={t('verify.validity')}
          rules={[
            { required: true, message: t('verify.validityRequired') },
            {
              validator: (_, value?: [Dayjs, Dayjs]) =>
                !value || value[1].isAfter(value[0], 'day') ? Promise.resolve() : Promise.reject(new Error(t('verify.validityOrder'))),
            },
          ]}
        >
          <DatePicker.RangePicker />
        </Form.Item>
        <Space wrap size={24}>
          {photo('frontImageId', t('verify.front'))}
          {photo('backImageId', t('verify.back'))}
          {photo('holdingImageId', t('verify.holding'))}
        </Space>
        <div>
          <Button type="primary" htmlType="submit" loading={senior.isPending} data-testid="senior-submit">
            {t('verify.submit')}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
