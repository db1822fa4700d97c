import { Modal } from 'antd';
import { PublishForm } from '../components/PublishForm';
import type { PublishKind } from '../logic';

/** The publish form in a dialog, for pages whose list it adds to. */
export function PublishModal({ open, kinds, title, onClose }: { open: boolean; kinds: PublishKind[]; title: string; onClose: () => void }) {
  return (
    <Modal open={open} title={title} onCancel={onClose} footer={null} destroyOnHidden width={640}>
      <PublishForm kinds={kinds} onDone={onClose} />
    </Modal>
  );
}
