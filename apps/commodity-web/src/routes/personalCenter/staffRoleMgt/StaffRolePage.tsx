import { useMemo, useState } from 'react';
import { App, Button, Card, Checkbox, Form, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RoleRow } from '@tp/contract';
import { QueryStates, applyFieldErrors } from '@tp/web-kit';
import { useAddRole, useDeleteRole, useRightCatalogue, useRoleList, useUpdateRole } from '../../../api/enterprise';
import { groupRights } from '../layout/access';
import { PageGuard, PageTitle, PERSONAL_QUERY } from '../shared/PageGuard';
import { useFieldRules } from '../shared/useFieldRules';

interface Values {
  roleName: string;
  rightCodeList: string[];
}

/** `/personalCenter/staffRoleMgt`: the firm's roles and the rights each carries. */
export function StaffRolePage() {
  return (
    <PageGuard page="staffRoleMgt">
      <RoleTable />
    </PageGuard>
  );
}

function RoleTable() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const roles = useRoleList();
  const catalogue = useRightCatalogue();
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<RoleRow | 'new' | null>(null);
  const names = useMemo(() => new Map((catalogue.data ?? []).map((r) => [r.rightCode, r.rightName])), [catalogue.data]);

  return (
    <Card
      title={<PageTitle>{t('enterprise.menu.staffRoleMgt')}</PageTitle>}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} disabled={!catalogue.data} data-testid="role-add">
          {t('enterprise.role.add')}
        </Button>
      }
    >
      <QueryStates {...PERSONAL_QUERY} query={roles}>
        <Table<RoleRow>
          rowKey="roleId"
          data-testid="role-table"
          dataSource={roles.data ?? []}
          pagination={false}
          locale={{ emptyText: t('enterprise.role.empty') }}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('enterprise.role.roleName'), dataIndex: 'roleName' },
            {
              title: t('enterprise.role.rights'),
              key: 'rights',
              render: (_, row) => (
                <Typography.Paragraph ellipsis={{ rows: 2, expandable: true }} style={{ marginBottom: 0, maxWidth: 420 }}>
                  {row.rightCodeList.map((code) => (
                    <Tag key={code}>{names.get(code) ?? code}</Tag>
                  ))}
                </Typography.Paragraph>
              ),
            },
            { title: t('enterprise.role.staffCount'), dataIndex: 'staffCount' },
            {
              title: t('enterprise.common.actions'),
              key: 'actions',
              render: (_, row) => (
                <Space>
                  <Button size="small" onClick={() => setEditing(row)} disabled={!catalogue.data}>{t('enterprise.common.edit')}</Button>
                  <Popconfirm
                    title={t('enterprise.role.deleteConfirm', { name: row.roleName })}
                    okText={t('enterprise.common.confirm')}
                    cancelText={t('enterprise.common.cancel')}
                    okButtonProps={{ 'data-testid': 'confirm-delete' }}
                    onConfirm={() => remove.mutateAsync(row.roleId).then(() => void message.success(t('enterprise.common.deleted')), () => undefined)}
                  >
                    <Button size="small" danger>{t('enterprise.common.delete')}</Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </QueryStates>
      {editing && catalogue.data ? <RoleModal row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} catalogue={catalogue.data} /> : null}
    </Card>
  );
}

function RoleModal({ row, onClose, catalogue }: { row: RoleRow | null; onClose: () => void; catalogue: { rightCode: string; rightName: string; group: string; groupName: string }[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rules = useFieldRules();
  const add = useAddRole();
  const update = useUpdateRole();
  const [form] = Form.useForm<Values>();
  const groups = groupRights(catalogue);

  async function onOk() {
    const values = await form.validateFields();
    try {
      if (row) await update.mutateAsync({ roleId: row.roleId, roleName: values.roleName.trim(), rightCodeList: values.rightCodeList });
      else await add.mutateAsync({ roleName: values.roleName.trim(), rightCodeList: values.rightCodeList });
      void message.success(t('enterprise.common.saved'));
      onClose();
    } catch (error) {
      applyFieldErrors(form, error);
    }
  }

  return (
    <Modal
      open
      width={720}
      title={row ? t('enterprise.role.edit') : t('enterprise.role.add')}
      okText={t('enterprise.common.save')}
      cancelText={t('enterprise.common.cancel')}
      confirmLoading={add.isPending || update.isPending}
      onOk={() => void onOk().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'role-save' }}
    >
      <Form<Values> form={form} name="role" layout="vertical" initialValues={row ? { roleName: row.roleName, rightCodeList: row.rightCodeList } : { rightCodeList: [] }}>
        <Form.Item name="roleName" label={t('enterprise.role.roleName')} rules={rules.text(t('enterprise.role.roleName'), 1, 30)}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="rightCodeList" label={t('enterprise.role.rights')} rules={[{ required: true, type: 'array', min: 1, message: t('enterprise.common.chooseOne', { label: t('enterprise.role.rights') }) }]}>
          <Checkbox.Group style={{ width: '100%' }}>
            <Space orientation="vertical" style={{ width: '100%' }}>
              {groups.map((group) => (
                <div key={group.group} data-testid={`right-group-${group.group}`}>
                  <Typography.Text strong>{group.groupName}</Typography.Text>
                  <div>
                    {group.entries.map((entry) => (
                      <Checkbox key={entry.rightCode} value={entry.rightCode} data-testid={`right-${entry.rightCode}`} style={{ marginInlineEnd: 12 }}>
                        {entry.rightName}
                      </Checkbox>
                    ))}
                  </div>
                </div>
              ))}
            </Space>
          </Checkbox.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}
