import { useState, type ComponentType, type ReactNode } from 'react';
import { App, Button, Card, Modal, Popconfirm, Space, Table, type FormInstance, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { QueryStates, applyFieldErrors } from '@tp/web-kit';
import type { Messages } from '../../../i18n/cn';
import { PageTitle, PERSONAL_QUERY } from './PageGuard';

type MenuEntry = keyof Messages['enterprise']['menu'];

/** A personal-center page's card, titled by its menu entry. */
export function PersonalCard({ menu, extra, children }: { menu: MenuEntry; extra?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card title={<PageTitle>{t(`enterprise.menu.${menu}`)}</PageTitle>} extra={extra}>
      {children}
    </Card>
  );
}

interface ListQuery<T> {
  data: T[] | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** How a record list names itself: its menu entry, its test ids (`<name>-add`, `<name>-table`) and texts. */
export interface RecordListTexts {
  menu: MenuEntry;
  name: string;
  addLabel: string;
  emptyText: string;
}

/**
 * A page of the firm's records of one kind, all on one page (the lists are short by rule): an
 * "add" button, the table with each row's actions last, and the editor of a new (`null`) or
 * chosen record. `intro` stands above the table.
 */
export function RecordList<T extends object>({
  texts,
  query,
  rowKey,
  columns,
  actions,
  Editor,
  addDisabled,
  intro,
}: {
  texts: RecordListTexts;
  query: ListQuery<T>;
  rowKey: keyof T & string;
  columns: TableColumnsType<T>;
  actions: (row: T, edit: () => void) => ReactNode;
  Editor: ComponentType<{ row: T | null; onClose: () => void }>;
  addDisabled?: boolean;
  intro?: ReactNode;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ row: T | null } | null>(null);
  return (
    <PersonalCard
      menu={texts.menu}
      extra={
        <Button type="primary" icon={<PlusOutlined />} disabled={addDisabled} onClick={() => setEditing({ row: null })} data-testid={`${texts.name}-add`}>
          {texts.addLabel}
        </Button>
      }
    >
      {intro}
      <QueryStates {...PERSONAL_QUERY} query={query}>
        <Table<T>
          rowKey={rowKey}
          data-testid={`${texts.name}-table`}
          dataSource={query.data ?? []}
          pagination={false}
          locale={{ emptyText: texts.emptyText }}
          scroll={{ x: 'max-content' }}
          columns={[...columns, { title: t('enterprise.common.actions'), key: 'actions', render: (_, row) => actions(row, () => setEditing({ row })) }]}
        />
      </QueryStates>
      {editing ? <Editor row={editing.row} onClose={() => setEditing(null)} /> : null}
    </PersonalCard>
  );
}

/** A record row's edit and delete (after a confirmation), with any other actions between them. */
export function EditDeleteActions({ onEdit, editDisabled, deleteTitle, onDelete, children }: { onEdit: () => void; editDisabled?: boolean; deleteTitle: string; onDelete: () => Promise<unknown>; children?: ReactNode }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <Space>
      <Button size="small" onClick={onEdit} disabled={editDisabled}>
        {t('enterprise.common.edit')}
      </Button>
      {children}
      <Popconfirm
        title={deleteTitle}
        okText={t('enterprise.common.confirm')}
        cancelText={t('enterprise.common.cancel')}
        okButtonProps={{ 'data-testid': 'confirm-delete' }}
        onConfirm={() => onDelete().then(() => void message.success(t('enterprise.common.deleted')), () => undefined)}
      >
        <Button size="small" danger>
          {t('enterprise.common.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}

/** The dialog that adds or edits one record; its OK saves. */
export function EditorModal({ title, saveTestId, pending, width, onSave, onClose, children }: { title: string; saveTestId: string; pending: boolean; width?: number; onSave: () => Promise<void>; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      width={width}
      title={title}
      okText={t('enterprise.common.save')}
      cancelText={t('enterprise.common.cancel')}
      confirmLoading={pending}
      onOk={() => void onSave().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': saveTestId }}
    >
      {children}
    </Modal>
  );
}

/**
 * An editor's save: checks the form, sends the values, then says so and closes; the server's
 * refusals land on the fields they name.
 */
export function useEditorSave<V>(form: FormInstance<V>, onClose: () => void, send: (values: V) => Promise<unknown>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return async () => {
    const values = await form.validateFields();
    try {
      await send(values);
      void message.success(t('enterprise.common.saved'));
      onClose();
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };
}
