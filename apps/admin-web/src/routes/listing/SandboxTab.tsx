import { useState } from 'react';
import { Alert, App, Button, Descriptions, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListingJob, type SandboxClock } from '@tp/contract';
import { useAdvanceClock, useRunJob } from '../../api/listing';
import { time } from './components';
import { MAX_ADVANCE_HOURS, advanceHoursValid } from './rules';

/** Development only: move the platform clock forward and run the listing jobs at once, to see deadlines pass. */
export function SandboxTab({ clock }: { clock: SandboxClock }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [hours, setHours] = useState('24');
  const [touched, setTouched] = useState(false);
  const advance = useAdvanceClock();
  const runJob = useRunJob();
  const valid = advanceHoursValid(hours);
  const hoursLabel = t('listing.sandbox.advanceHours');

  function onAdvance() {
    setTouched(true);
    if (!valid) return;
    const shown = hours.trim();
    modal.confirm({
      title: t('listing.sandbox.confirmAdvance', { hours: shown }),
      okButtonProps: { 'data-testid': 'sandbox-advance-ok' },
      onOk: () =>
        advance
          .mutateAsync(Number(shown))
          .then(() => void message.success(t('listing.sandbox.advanced')))
          .catch(() => undefined),
    });
  }

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 720 }}>
      <Alert type="warning" showIcon message={t('listing.sandbox.notice')} />
      <Descriptions bordered size="small" column={1}>
        <Descriptions.Item label={t('listing.sandbox.now')}>
          <span data-testid="sandbox-now">{time(clock.now)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('listing.sandbox.offsetLabel')}>
          <span data-testid="sandbox-offset">{t('listing.sandbox.offset', { hours: clock.offsetHours })}</span>
        </Descriptions.Item>
      </Descriptions>
      <Form layout="inline" onFinish={onAdvance}>
        <Form.Item
          label={hoursLabel}
          validateStatus={touched && !valid ? 'error' : undefined}
          help={touched && !valid ? t('listing.rules.hours', { field: hoursLabel, max: MAX_ADVANCE_HOURS }) : undefined}
        >
          <Input value={hours} inputMode="decimal" style={{ width: 120 }} onChange={(e) => (setHours(e.target.value), setTouched(true))} data-testid="sandbox-hours" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={advance.isPending} data-testid="sandbox-advance">
          {t('listing.sandbox.advance')}
        </Button>
      </Form>
      <Space wrap>
        {ListingJob.map((job) => (
          <Button
            key={job}
            loading={runJob.isPending && runJob.variables.job === job}
            onClick={() =>
              void runJob
                .mutateAsync({ job })
                .then((result) => void message.success(t('listing.sandbox.jobDone', { job: t(`listing.sandbox.jobs.${job}`), changed: result.changed })))
                .catch(() => undefined)
            }
            data-testid={`sandbox-run-${job}`}
          >
            {`${t('listing.sandbox.runJob')} · ${t(`listing.sandbox.jobs.${job}`)}`}
          </Button>
        ))}
      </Space>
    </Space>
  );
}
