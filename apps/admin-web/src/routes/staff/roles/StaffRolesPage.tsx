import { useState } from 'react';
import { App, Button, Checkbox, Form, Input, Modal, Popconfirm, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { STAFF_RIGHTS, type StaffRight, type StaffRoleRow } from '@tp/contract';
import { PageCard } from '../../../components/PageCard';
import { formatTime } from '../../../components/format';
import { useDeleteStaffRole, useSaveStaffRole, useStaffRoles } from '../../../api/staff';

interface RoleForm {
  name: string;
  rights: StaffRight[];
}

/** `/staff/roles`: roles built from the rights catalogue (super-administrator). */
export function StaffRolesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const roles = useStaffRoles();
  const save = useSaveStaffRole();
  const remove = useDeleteStaffRole();
  const [editing, setEditing] = useState<StaffRoleRow | 'new' | null>(null);
  const [form] = Form.useForm<RoleForm>();

  function open(role: StaffRoleRow | 'new') {
    setEditing(role);
    form.setFieldsValue(role === 'new' ? { name: '', rights: [] } : { name: role.name, rights: role.rights });
  }

  async function submit() {
    const values = await form.validateFields().catch(() => null);
    if (!values || editing === null) return;
    await save
      .mutateAsync({ ...(editing === 'new' ? {} : { roleId: editing.roleId }), name: values.name.trim(), rights: values.rights })
      .then(() => {
        void message.success(t('staff.roles.saved'));
        setEditing(null);
      })
      .catch(() => undefined);
  }

  return (
    <PageCard title={t('staff.roles.title')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Button type="primary" onClick={() => open('new')} data-testid="role-add">
          {t('staff.roles.add')}
        </Button>
        <Table<StaffRoleRow>
          data-testid="roles-table"
          rowKey="roleId"
          loading={roles.isPending}
          dataSource={roles.data ?? []}
          pagination={false}
          columns={[
            { title: t('staff.roles.name'), dataIndex: 'name' },
            { title: t('staff.roles.rights'), dataIndex: 'rights', render: (rights: StaffRight[]) => rights.map((r) => <Tag key={r}>{t(`staff.rights.${r}`)}</Tag>) },
            { title: t('staff.roles.members'), dataIndex: 'members' },
            { title: t('staff.roles.updatedAt'), dataIndex: 'updatedAt', render: formatTime },
            {
              title: t('staff.roles.actions'),
              key: 'actions',
              render: (_: unknown, role) => (
                <Space>
                  <Button size="small" onClick={() => open(role)}>
                    {t('staff.roles.edit')}
                  </Button>
                  <Popconfirm
                    title={t('staff.roles.removeConfirm')}
                    onConfirm={() =>
                      remove
                        .mutateAsync(role.roleId)
                        .then(() => void message.success(t('staff.roles.removed')))
                        .catch(() => undefined)
                    }
                  >
                    <Button size="small" danger>
                      {t('staff.roles.remove')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Space>
      <Modal open={editing !== null} title={editing === 'new' ? t('staff.roles.add') : t('staff.roles.edit')} onCancel={() => setEditing(null)} onOk={() => void submit()} confirmLoading={save.isPending} destroyOnHidden>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="name" label={t('staff.roles.name')} rules={[{ required: true, whitespace: true, min: 2, max: 32, message: t('staff.roles.nameRequired') }]}>
            <Input maxLength={32} data-testid="role-name" />
          </Form.Item>
          <Form.Item name="rights" label={t('staff.roles.rights')} rules={[{ required: true, type: 'array', min: 1, message: t('staff.roles.rightsRequired') }]}>
            <Checkbox.Group options={STAFF_RIGHTS.map((r) => ({ value: r, label: t(`staff.rights.${r}`) }))} data-testid="role-rights" />
          </Form.Item>
        </Form>
      </Modal>
    </PageCard>
  );
}
