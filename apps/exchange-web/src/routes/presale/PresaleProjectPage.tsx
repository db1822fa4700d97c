import { App, Button, Card, Col, Descriptions, Form, Input, Row, Space, Typography, type ButtonProps } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTimeText } from '../../components/useTimeText';
import { Decimal } from '@tp/decimal';
import type { PresaleProject } from '@tp/contract';
import { NotFoundResult, QueryStates, isApiError, loginPathFor, runAction, useSession } from '@tp/web-kit';
import { usePresaleProject, useSubscribe } from '../../api/presale';
import { paths } from '../../paths';
import { Countdown } from './Countdown';
import { ProjectTags } from './status';
import type { Messages } from '../../i18n/cn';

type FieldKey = keyof Messages['presale']['fields'] & keyof PresaleProject;

/** Payment for a quantity as the server computes it: quantity × price × ratio, fee on top, both rounded up to the currency's places. */
function paymentOf(project: PresaleProject, quantity: string): string {
  const payment = Decimal.parse(quantity).mul(project.price).mul(project.exchangeRatio).round(project.paymentPlaces, 'ceil');
  return payment.add(payment.mul(project.feeRate).round(project.paymentPlaces, 'ceil')).toString();
}

function PurchaseForm({ project }: { project: PresaleProject }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { isLoggedIn } = useSession();
  const navigate = useNavigate();
  const subscribe = useSubscribe(project.projectId);
  const [form] = Form.useForm<{ quantity: string }>();
  const quantity = Form.useWatch('quantity', form) ?? '';
  const pattern = new RegExp(`^(?:0|[1-9]\\d{0,17})(?:\\.\\d{1,${Math.max(project.quantityPlaces, 1)}})?$`);
  const valid = pattern.test(quantity) && (project.quantityPlaces > 0 || !quantity.includes('.')) && Decimal.parse(quantity).isPositive();
  const open = project.phase === 'in_progress' && project.saleStatus === 'running';

  if (!isLoggedIn)
    return (
      <Button type="primary" block onClick={() => void navigate(loginPathFor(`${paths.presale}/${project.projectId}`))}>
        {t('presale.loginToBuy')}
      </Button>
    );

  function confirm({ quantity: value }: { quantity: string }) {
    const amount = paymentOf(project, value);
    modal.confirm({
      title: t('presale.confirmTitle'),
      content: t('presale.confirmText', { amount, currency: project.paymentCurrency }),
      okButtonProps: { 'data-testid': 'presale-confirm' } as ButtonProps,
      onOk: () =>
        runAction(async () => {
          const result = await subscribe.mutateAsync({ projectId: project.projectId, quantity: value, paymentCurrency: project.paymentCurrency });
          void message.success(result.message);
          form.resetFields();
        }),
    });
  }

  return (
    <Form form={form} layout="vertical" onFinish={confirm} disabled={!open}>
      <Form.Item
        name="quantity"
        label={`${t('presale.quantity')} (${project.minPurchase} – ${project.maxPurchase} ${project.abbreviation})`}
        rules={[
          { required: true, message: t('presale.quantityRequired') },
          { validator: async (_, value: string) => (!value || valid ? undefined : Promise.reject(new Error(t('presale.quantityInvalid', { places: project.quantityPlaces })))) },
        ]}
      >
        <Input data-testid="presale-quantity" suffix={project.abbreviation} />
      </Form.Item>
      <p data-testid="presale-payment">
        {t('presale.payment')}: <strong>{valid ? `${paymentOf(project, quantity)} ${project.paymentCurrency}` : '—'}</strong>
      </p>
      <Button type="primary" htmlType="submit" block loading={subscribe.isPending} data-testid="presale-buy">
        {t('presale.buy')}
      </Button>
    </Form>
  );
}

/** `/presale/:id`: the project's information and rules, a countdown on the server's clock, and the purchase. */
export function PresaleProjectPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const detail = usePresaleProject(id);
  const { isLoggedIn } = useSession();
  const time = useTimeText();
  if (!/^\d{1,12}$/.test(id) || (isApiError(detail.error) && detail.error.httpStatus === 404)) return <NotFoundResult homePath={paths.presale} />;
  const project = detail.data?.project;
  const field = (key: FieldKey, value?: string) => (
    <Descriptions.Item key={key} label={t(`presale.fields.${key}`)}>
      {value ?? String(project?.[key] ?? '')}
    </Descriptions.Item>
  );
  return (
    <QueryStates query={detail} keys="presale" testIdPrefix="presale-project">
      {project && detail.data ? (
        <Row gutter={[16, 16]}>
          <Col span={24}>
            <Space align="center" wrap>
              <h1 className="ex-heading" data-testid="page-heading">
                {project.name}
              </h1>
              <ProjectTags project={project} />
              <Countdown project={project} offsetMs={detail.data.offsetMs} />
            </Space>
          </Col>
          <Col xs={24} lg={16}>
            <Card>
              <Descriptions column={{ xs: 1, md: 2 }} size="small" data-testid="presale-info">
                {field('companyName')}
                {field('coinName')}
                {field('coinType')}
                {field('abbreviation')}
                {field('website')}
                {field('contractAddress')}
                {field('whitePaper')}
                {field('chatGroup')}
                {field('totalIssue')}
                {field('amount')}
                {field('remainingAmount')}
                {field('price', `${project.price} USDT`)}
                {field('paymentCurrency')}
                {field('exchangeRatio', `1 USDT = ${project.exchangeRatio} ${project.paymentCurrency}`)}
                {field('minPurchase')}
                {field('maxPurchase')}
                {field('feeRate', `${Decimal.parse(project.feeRate).mul('100').toString()}%`)}
                {field('startTime', time(project.startTime))}
                {field('endTime', time(project.endTime))}
              </Descriptions>
              <Typography.Paragraph style={{ marginTop: 16, whiteSpace: 'pre-line' }}>{project.introduction}</Typography.Paragraph>
            </Card>
          </Col>
          <Col xs={24} lg={8}>
            <Space direction="vertical" size={16} style={{ width: '100%' }}>
              <Card title={t('presale.purchase')}>
                <PurchaseForm project={project} />
                {isLoggedIn ? (
                  <Link to={paths.presaleRecords} style={{ display: 'block', marginTop: 12 }}>
                    {t('presale.records')}
                  </Link>
                ) : null}
              </Card>
              <Card title={t('presale.rules')} data-testid="presale-rules">
                <p>{t(`presale.allocationRule.${project.allocation}`)}</p>
                <p>{t(`presale.lockup.${project.lockupRule}`)}</p>
                {project.unlockStages.map((stage, index) => (
                  <p key={index}>{t('presale.stage', { days: stage.afterDays, percent: stage.percent })}</p>
                ))}
                <p className="ex-muted">{t('presale.rulesText')}</p>
              </Card>
            </Space>
          </Col>
        </Row>
      ) : null}
    </QueryStates>
  );
}
