import { useMemo } from 'react';
import { Checkbox, Form, Input, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RoleRow } from '@tp/contract';
import { useAddRole, useDeleteRole, useRightCatalogue, useRoleList, useUpdateRole } from '../../../api/enterprise';
import { groupRights } from '../layout/access';
import { guardedPage } from '../shared/PageGuard';
import { EditDeleteActions, EditorModal, RecordList, useEditorSave } from '../shared/RecordList';
import { useFieldRules } from '../shared/useFieldRules';

interface Values {
  roleName: string;
  rightCodeList: string[];
}

function RoleTable() {
  const { t } = useTranslation();
  const roles = useRoleList();
  const catalogue = useRightCatalogue();
  const remove = useDeleteRole();
  const names = useMemo(() => new Map((catalogue.data ?? []).map((r) => [r.rightCode, r.rightName])), [catalogue.data]);

  return (
    <RecordList<RoleRow>
      texts={{ menu: 'staffRoleMgt', name: 'role', addLabel: t('enterprise.role.add'), emptyText: t('enterprise.role.empty') }}
      addDisabled={!catalogue.data}
      query={roles}
      rowKey="roleId"
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
      ]}
      actions={(row, edit) => (
        <EditDeleteActions onEdit={edit} editDisabled={!catalogue.data} deleteTitle={t('enterprise.role.deleteConfirm', { name: row.roleName })} onDelete={() => remove.mutateAsync(row.roleId)} />
      )}
      Editor={RoleModal}
    />
  );
}

/** `/personalCenter/staffRoleMgt`: the firm's roles and the rights each carries. */
export const StaffRolePage = guardedPage('staffRoleMgt', RoleTable);

/** Opened only once the right catalogue is in (the buttons wait for it). */
function RoleModal({ row, onClose }: { row: RoleRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const add = useAddRole();
  const update = useUpdateRole();
  const [form] = Form.useForm<Values>();
  const catalogue = useRightCatalogue();
  const groups = groupRights(catalogue.data ?? []);
  const save = useEditorSave(form, onClose, (values) =>
    row
      ? update.mutateAsync({ roleId: row.roleId, roleName: values.roleName.trim(), rightCodeList: values.rightCodeList })
      : add.mutateAsync({ roleName: values.roleName.trim(), rightCodeList: values.rightCodeList }),
  );

  return (
    <EditorModal width={720} title={row ? t('enterprise.role.edit') : t('enterprise.role.add')} saveTestId="role-save" pending={add.isPending || update.isPending} onSave={save} onClose={onClose}>
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
    </EditorModal>
  );
}
