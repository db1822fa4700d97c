import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { StaffRow } from '@tp/contract';
import { QueryStates, applyFieldErrors, useSession } from '@tp/web-kit';
import { useAddStaff, useDeleteStaff, useRoleList, useStaffList, useUpdateStaff } from '../../../api/enterprise';
import { PageGuard, PageTitle, PERSONAL_QUERY } from '../shared/PageGuard';
import { useFieldRules } from '../shared/useFieldRules';

interface Values {
  cellphone: string;
  userName: string;
  roleIds: string[];
}

/** `/personalCenter/staffAccountMgt`: the firm's staff (sub-accounts) and their roles. */
export function StaffAccountPage() {
  return (
    <PageGuard page="staffAccountMgt">
      <StaffTable />
    </PageGuard>
  );
}

function StaffTable() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { session } = useSession();
  const staff = useStaffList();
  const remove = useDeleteStaff();
  const [editing, setEditing] = useState<StaffRow | 'new' | null>(null);

  return (
    <Card
      title={<PageTitle>{t('enterprise.menu.staffAccountMgt')}</PageTitle>}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="staff-add">
          {t('enterprise.staff.add')}
        </Button>
      }
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('enterprise.staff.loginHint')} />
      <QueryStates {...PERSONAL_QUERY} query={staff}>
        <Table<StaffRow>
          rowKey="userId"
          data-testid="staff-table"
          dataSource={staff.data ?? []}
          pagination={false}
          locale={{ emptyText: t('enterprise.staff.empty') }}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('enterprise.staff.userName'), dataIndex: 'userName' },
            { title: t('enterprise.staff.cellphone'), dataIndex: 'cellphone' },
            {
              title: t('enterprise.staff.roles'),
              key: 'roles',
              render: (_, row) =>
                row.isMainAccount ? (
                  <Tag color="gold">{t('enterprise.staff.mainTag')}</Tag>
                ) : row.roleNames.length ? (
                  row.roleNames.map((name) => <Tag key={name}>{name}</Tag>)
                ) : (
                  <Tag>{t('enterprise.staff.noRoles')}</Tag>
                ),
            },
            { title: t('enterprise.staff.createdAt'), dataIndex: 'createdAt', render: (value: string) => new Date(value).toLocaleString() },
            {
              title: t('enterprise.common.actions'),
              key: 'actions',
              render: (_, row) =>
                row.isMainAccount || row.userId === session?.userId ? null : (
                  <Space>
                    <Button size="small" onClick={() => setEditing(row)}>{t('enterprise.common.edit')}</Button>
                    <Popconfirm
                      title={t('enterprise.staff.deleteConfirm', { name: row.userName })}
                      okText={t('enterprise.common.confirm')}
                      cancelText={t('enterprise.common.cancel')}
                      okButtonProps={{ 'data-testid': 'confirm-delete' }}
                      onConfirm={() => remove.mutateAsync(row.userId).then(() => void message.success(t('enterprise.common.deleted')), () => undefined)}
                    >
                      <Button size="small" danger>{t('enterprise.common.delete')}</Button>
                    </Popconfirm>
                  </Space>
                ),
            },
          ]}
        />
      </QueryStates>
      {editing ? <StaffModal row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

function StaffModal({ row, onClose }: { row: StaffRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rules = useFieldRules();
  const roles = useRoleList();
  const add = useAddStaff();
  const update = useUpdateStaff();
  const [form] = Form.useForm<Values>();

  async function onOk() {
    const values = await form.validateFields();
    try {
      if (row) await update.mutateAsync({ userId: row.userId, userName: values.userName.trim(), roleIds: values.roleIds ?? [] });
      else await add.mutateAsync({ cellphone: values.cellphone.trim(), userName: values.userName.trim(), roleIds: values.roleIds ?? [] });
      void message.success(t('enterprise.common.saved'));
      onClose();
    } catch (error) {
      applyFieldErrors(form, error);
    }
  }

  return (
    <Modal
      open
      title={row ? t('enterprise.staff.edit') : t('enterprise.staff.add')}
      okText={t('enterprise.common.save')}
      cancelText={t('enterprise.common.cancel')}
      confirmLoading={add.isPending || update.isPending}
      onOk={() => void onOk().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'staff-save' }}
    >
      <Form<Values> form={form} name="staff" layout="vertical" initialValues={row ? { cellphone: row.cellphone, userName: row.userName, roleIds: row.roleIds } : { roleIds: [] }}>
        <Form.Item name="cellphone" label={t('enterprise.staff.cellphone')} rules={rules.mobile(t('enterprise.staff.cellphone'))}>
          <Input maxLength={11} inputMode="numeric" disabled={row !== null} />
        </Form.Item>
        <Form.Item name="userName" label={t('enterprise.staff.userName')} rules={rules.text(t('enterprise.staff.userName'), 2, 30)}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="roleIds" label={t('enterprise.staff.roles')} extra={roles.data?.length === 0 ? t('enterprise.staff.needRoles') : undefined}>
          <Select
            mode="multiple"
            loading={roles.isPending}
            data-testid="staff-roles"
            options={(roles.data ?? []).map((r) => ({ value: r.roleId, label: r.roleName }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
