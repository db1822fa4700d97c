import { useState } from 'react';
import { App, Button, Descriptions, Input, Popconfirm, Skeleton, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UpdateSystemSwitchesRequest } from '@tp/contract';
import { useSwitches, useUpdateSwitches } from '../../api/admin';
import { PageCard } from '../../components/PageCard';

type Toggle = 'upgrade' | 'bankFunction';

/** `/system`: the global switches the clients read at start; every change is confirmed first. */
export function SystemPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const switches = useSwitches();
  const update = useUpdateSwitches();
  // What the staff member typed; null until they type, so the saved text shows until then.
  const [draft, setDraft] = useState<string | null>(null);
  const notice = draft ?? switches.data?.upgradeNotice ?? '';

  function save(patch: UpdateSystemSwitchesRequest) {
    update.mutate(patch, {
      onSuccess: () => {
        // Only a save that carried the text makes the draft the saved notice; a switch alone leaves it as typed.
        if (patch.upgradeNotice !== undefined) setDraft(null);
        void message.success(t('system.saved'));
      },
    });
  }

  /** A switch change; turning the upgrade on or off also saves the notice typed for it, so the text is never lost. */
  function saveSwitch(key: Toggle, on: boolean) {
    save(key === 'upgrade' && draft !== null ? { upgrade: on, upgradeNotice: draft } : { [key]: on });
  }

  function toggle(key: Toggle, label: string) {
    const current = switches.data?.[key] ?? false;
    return (
      <Space>
        <Popconfirm
          title={t(current ? 'system.confirmTurnOff' : 'system.confirmTurnOn', { name: label })}
          okText={t('system.confirm')}
          cancelText={t('system.cancel')}
          okButtonProps={{ 'data-testid': `confirm-${key}` }}
          onConfirm={() => saveSwitch(key, !current)}
        >
          <Switch checked={current} loading={update.isPending} data-testid={`switch-${key}`} />
        </Popconfirm>
        <Typography.Text>{current ? t('system.on') : t('system.off')}</Typography.Text>
      </Space>
    );
  }

  return (
    <PageCard title={t('system.title')}>
      {switches.isPending ? (
        <Skeleton active />
      ) : (
        <Descriptions column={1} bordered>
          <Descriptions.Item label={t('system.upgrade')}>
            <Space direction="vertical" style={{ width: '100%' }}>
              {toggle('upgrade', t('system.upgrade'))}
              <Typography.Text type="secondary">{t('system.upgradeHint')}</Typography.Text>
              <Input.TextArea
                value={notice}
                maxLength={2000}
                rows={3}
                placeholder={t('system.upgradeNotice')}
                onChange={(event) => setDraft(event.target.value)}
                data-testid="upgrade-notice"
              />
              <Button onClick={() => save({ upgradeNotice: notice })} disabled={notice === switches.data?.upgradeNotice} loading={update.isPending}>
                {t('system.saveNotice')}
              </Button>
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('system.bankFunction')}>
            <Space direction="vertical">
              {toggle('bankFunction', t('system.bankFunction'))}
              <Typography.Text type="secondary">{t('system.bankFunctionHint')}</Typography.Text>
            </Space>
          </Descriptions.Item>
        </Descriptions>
      )}
    </PageCard>
  );
}
