import { useEffect } from 'react';
import { App, Button, Col, Divider, Form, Input, Row, Select, Space, Typography, type FormRule as Rule } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { QueryStates, isApiError } from '@tp/web-kit';
import type { Messages } from '../../i18n/cn';
import { useCommodityTypes, useFeeSettings, useSaveFeeSettings } from '../../api/listing';
import { LISTING_QUERY_KEYS } from './components';
import { DAYS, RATIO_FIELDS, daysValid, duplicateRows, fieldPath, ratioValid, timeValid, toFormValues, toSettings, type FeeFormValues } from './feeSettings';

/** The trading fee, default and per-commodity margin ratios, payment and grace days, and market close. */
export function FeeSettingsTab() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<FeeFormValues>();
  const settings = useFeeSettings();
  const save = useSaveFeeSettings();
  const commodityTypes = useCommodityTypes();

  useEffect(() => {
    if (settings.data) form.setFieldsValue(toFormValues(settings.data));
  }, [settings.data, form]);

  const label = (key: keyof Messages['listing']['fees']) => t(`listing.fees.${key}`);
  const required = (field: string): Rule => ({ required: true, whitespace: true, message: t('listing.rules.required', { field }) });
  const ratio = (field: string): Rule[] => [required(field), { validator: (_, v: unknown) => (!v || ratioValid(v) ? Promise.resolve() : Promise.reject(new Error(t('listing.rules.ratio', { field })))) }];
  const days = (field: string, { min, max }: { min: number; max: number }): Rule[] => [
    required(field),
    { validator: (_, v: unknown) => (!v || daysValid(v, min, max) ? Promise.resolve() : Promise.reject(new Error(t('listing.rules.days', { field, min, max })))) },
  ];

  async function submit() {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = toSettings(values);
    if (!body) return;
    modal.confirm({
      title: t('listing.fees.confirmSave'),
      okButtonProps: { 'data-testid': 'fee-save-ok' },
      onOk: () =>
        save
          .mutateAsync(body)
          .then((saved) => {
            form.setFieldsValue(toFormValues(saved));
            void message.success(t('listing.fees.saved'));
          })
          .catch((error: unknown) => {
            // The client has shown the message as a whole; each part goes next to its field.
            if (isApiError(error)) form.setFields(error.fields.map((f) => ({ name: fieldPath(f.field), errors: [f.message] })) as Parameters<typeof form.setFields>[0]);
          }),
    });
  }

  return (
    <QueryStates keys={LISTING_QUERY_KEYS} query={settings} empty={false} testIdPrefix="fees">
      <Form<FeeFormValues> form={form} layout="vertical" style={{ maxWidth: 960 }} data-testid="fee-form">
        <Typography.Title level={5}>{label('general')}</Typography.Title>
        <Row gutter={16}>
          {RATIO_FIELDS.map((name) => (
            <Col key={name} xs={24} md={12} lg={6}>
              <Form.Item name={name} label={label(name)} rules={ratio(label(name))} extra={name === 'feeRate' ? label('feeRateHint') : undefined}>
                <Input inputMode="decimal" data-testid={`field-${name}`} />
              </Form.Item>
            </Col>
          ))}
          <Col xs={24} md={12} lg={6}>
            <Form.Item name="balanceDays" label={label('balanceDays')} rules={days(label('balanceDays'), DAYS.balanceDays)}>
              <Input inputMode="numeric" data-testid="field-balanceDays" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={6}>
            <Form.Item name="graceDays" label={label('graceDays')} rules={days(label('graceDays'), DAYS.graceDays)}>
              <Input inputMode="numeric" data-testid="field-graceDays" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={6}>
            <Form.Item
              name="marketCloseTime"
              label={label('marketCloseTime')}
              rules={[
                required(label('marketCloseTime')),
                { validator: (_, v: unknown) => (!v || timeValid(v) ? Promise.resolve() : Promise.reject(new Error(t('listing.rules.time', { field: label('marketCloseTime') })))) },
              ]}
            >
              <Input placeholder="15:00" data-testid="field-marketCloseTime" />
            </Form.Item>
          </Col>
        </Row>

        <Divider />
        <Typography.Title level={5}>{label('commodities')}</Typography.Title>
        <Typography.Paragraph type="secondary">{label('noRows')}</Typography.Paragraph>
        <Form.List name="commodities">
          {(rows, { add, remove }) => (
            <>
              {rows.map(({ key, name }) => (
                <Row key={key} gutter={12} align="top" data-testid={`fee-row-${name}`}>
                  <Col xs={24} md={8}>
                    <Form.Item
                      name={[name, 'commodityTypeId']}
                      label={label('commodityTypeId')}
                      dependencies={[['commodities']]}
                      rules={[
                        { required: true, message: t('listing.rules.select', { field: label('commodityTypeId') }) },
                        {
                          validator: () =>
                            duplicateRows((form.getFieldValue('commodities') as FeeFormValues['commodities'] | undefined) ?? []).includes(name)
                              ? Promise.reject(new Error(t('listing.rules.duplicate', { field: label('commodityTypeId') })))
                              : Promise.resolve(),
                        },
                      ]}
                    >
                      <Select
                        showSearch
                        optionFilterProp="label"
                        loading={commodityTypes.isPending}
                        data-testid={`field-commodity-${name}`}
                        options={(commodityTypes.data ?? []).map((c) => ({ value: c.commodityTypeId, label: `${c.category} / ${c.name}` }))}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={8} md={5}>
                    <Form.Item name={[name, 'buyerMarginRatio']} label={label('buyerMarginRatio')} rules={ratio(label('buyerMarginRatio'))}>
                      <Input inputMode="decimal" data-testid={`field-buyerMarginRatio-${name}`} />
                    </Form.Item>
                  </Col>
                  <Col xs={8} md={5}>
                    <Form.Item name={[name, 'sellerMarginRatio']} label={label('sellerMarginRatio')} rules={ratio(label('sellerMarginRatio'))}>
                      <Input inputMode="decimal" data-testid={`field-sellerMarginRatio-${name}`} />
                    </Form.Item>
                  </Col>
                  <Col xs={6} md={4}>
                    <Form.Item name={[name, 'graceDays']} label={label('commodityGraceDays')} rules={days(label('commodityGraceDays'), DAYS.graceDays)}>
                      <Input inputMode="numeric" data-testid={`field-graceDays-${name}`} />
                    </Form.Item>
                  </Col>
                  <Col xs={2} md={2}>
                    <Form.Item label=" ">
                      <Button type="text" danger icon={<MinusCircleOutlined />} aria-label={label('removeRow')} onClick={() => remove(name)} data-testid={`fee-row-remove-${name}`} />
                    </Form.Item>
                  </Col>
                </Row>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ commodityTypeId: undefined, buyerMarginRatio: '', sellerMarginRatio: '', graceDays: '' })} data-testid="fee-row-add">
                {label('addRow')}
              </Button>
            </>
          )}
        </Form.List>

        <Divider />
        <Space>
          <Button type="primary" loading={save.isPending} onClick={() => void submit()} data-testid="fee-save">
            {label('save')}
          </Button>
          <Button onClick={() => settings.data && form.setFieldsValue(toFormValues(settings.data))} data-testid="fee-reset">
            {label('reset')}
          </Button>
        </Space>
      </Form>
    </QueryStates>
  );
}
