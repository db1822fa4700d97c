import { App, Select, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StaffMemberRow } from '@tp/contract';
import { PageCard } from '../../../components/PageCard';
import { useAssignStaffRoles, useStaffMembers, useStaffRoles } from '../../../api/staff';

/** `/staff/members`: which roles each staff member holds (super-administrator). */
export function StaffMembersPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const members = useStaffMembers();
  const roles = useStaffRoles();
  const assign = useAssignStaffRoles();
  const options = (roles.data ?? []).map((r) => ({ value: r.roleId, label: r.name }));

  return (
    <PageCard title={t('staff.members.title')}>
      <Table<StaffMemberRow>
        data-testid="members-table"
        rowKey="staffId"
        loading={members.isPending}
        dataSource={members.data ?? []}
        pagination={false}
        columns={[
          { title: t('staff.members.account'), dataIndex: 'account' },
          { title: t('staff.members.name'), dataIndex: 'name' },
          { title: t('staff.members.status'), dataIndex: 'status', render: (s: StaffMemberRow['status']) => <Tag color={s === 'active' ? 'green' : 'red'}>{t(`staff.members.${s}`)}</Tag> },
          {
            title: t('staff.members.roles'),
            key: 'roles',
            render: (_: unknown, member) =>
              member.superAdmin ? (
                <Tag color="gold">{t('staff.members.superAdmin')}</Tag>
              ) : (
                <Select
                  mode="multiple"
                  style={{ minWidth: 280 }}
                  aria-label={t('staff.members.assign')}
                  placeholder={t('staff.members.assign')}
                  value={member.roleIds}
                  options={options}
                  loading={assign.isPending}
                  onChange={(roleIds: string[]) =>
                    assign
                      .mutateAsync({ staffId: member.staffId, roleIds })
                      .then(() => void message.success(t('staff.members.saved')))
                      .catch(() => undefined)
                  }
                />
              ),
          },
        ]}
      />
    </PageCard>
  );
}
