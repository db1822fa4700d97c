import { useEffect } from 'react';
import { Modal, message, notification } from 'antd';
import type { AppApi } from './appContext';

/**
 * antd's message, notification and modal hooks with their holders: what antd's App renders,
 * loaded on demand by OnDemandApp, which hands their APIs on once they are in place.
 */
export function FeedbackHolders({ onReady }: { onReady: (api: AppApi) => void }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => onReady({ message: messageApi, notification: notificationApi, modal: modalApi }), [onReady, messageApi, notificationApi, modalApi]);
  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}
