import { Alert, Form, Input, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StaffRow } from '@tp/contract';
import { useSession } from '@tp/web-kit';
import { useAddStaff, useDeleteStaff, useRoleList, useStaffList, useUpdateStaff } from '../../../api/enterprise';
import { guardedPage } from '../shared/PageGuard';
import { EditDeleteActions, EditorModal, RecordList, useEditorSave } from '../shared/RecordList';
import { useFieldRules } from '../shared/useFieldRules';

interface Values {
  cellphone: string;
  userName: string;
  roleIds: string[];
}

function StaffTable() {
  const { t } = useTranslation();
  const { session } = useSession();
  const staff = useStaffList();
  const remove = useDeleteStaff();

  return (
    <RecordList<StaffRow>
      texts={{ menu: 'staffAccountMgt', name: 'staff', addLabel: t('enterprise.staff.add'), emptyText: t('enterprise.staff.empty') }}
      intro={<Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('enterprise.staff.loginHint')} />}
      query={staff}
      rowKey="userId"
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
      ]}
      actions={(row, edit) =>
        row.isMainAccount || row.userId === session?.userId ? null : (
          <EditDeleteActions onEdit={edit} deleteTitle={t('enterprise.staff.deleteConfirm', { name: row.userName })} onDelete={() => remove.mutateAsync(row.userId)} />
        )
      }
      Editor={StaffModal}
    />
  );
}

/** `/personalCenter/staffAccountMgt`: the firm's staff (sub-accounts) and their roles. */
export const StaffAccountPage = guardedPage('staffAccountMgt', StaffTable);

function StaffModal({ row, onClose }: { row: StaffRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const roles = useRoleList();
  const add = useAddStaff();
  const update = useUpdateStaff();
  const [form] = Form.useForm<Values>();
  const save = useEditorSave(form, onClose, (values) =>
    row
      ? update.mutateAsync({ userId: row.userId, userName: values.userName.trim(), roleIds: values.roleIds ?? [] })
      : add.mutateAsync({ cellphone: values.cellphone.trim(), userName: values.userName.trim(), roleIds: values.roleIds ?? [] }),
  );

  return (
    <EditorModal title={row ? t('enterprise.staff.edit') : t('enterprise.staff.add')} saveTestId="staff-save" pending={add.isPending || update.isPending} onSave={save} onClose={onClose}>
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
    </EditorModal>
  );
}
