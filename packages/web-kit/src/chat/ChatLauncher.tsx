import { Suspense, lazy, useState, type ComponentType } from 'react';
import { useChatText } from './chatText';
import type { ChatDepartment } from '@tp/contract';

export interface ChatWidgetProps {
  department: ChatDepartment;
  onClose: () => void;
}

export interface ChatLauncherProps {
  /** The department the current page's questions go to. */
  department: ChatDepartment;
  /** The app's chat window, fetched on the first click so landing pages stay light. */
  widget: () => Promise<{ default: ComponentType<ChatWidgetProps> }>;
}

/**
 * The floating "customer service" button. Plain elements: it is on every page, while the chat
 * window (antd, the API client, the live connection) loads only once it is opened.
 */
export function ChatLauncher({ department, widget }: ChatLauncherProps) {
  const t = useChatText();
  const [Widget] = useState(() => lazy(widget));
  // The conversation keeps the department it started with while the reader moves between pages.
  const [openFor, setOpenFor] = useState<ChatDepartment>();
  return (
    <>
      {openFor === undefined && (
        <button
          type="button"
          data-testid="chat-launcher"
          onClick={() => setOpenFor(department)}
          style={{ position: 'fixed', right: 20, bottom: 20, zIndex: 1000, padding: '10px 16px', border: 'none', borderRadius: 20, background: '#1677ff', color: '#fff', cursor: 'pointer', boxShadow: '0 2px 8px rgba(0,0,0,0.2)' }}
        >
          {t('chat.open')}
        </button>
      )}
      {openFor !== undefined && (
        <Suspense fallback={null}>
          <Widget department={openFor} onClose={() => setOpenFor(undefined)} />
        </Suspense>
      )}
    </>
  );
}
