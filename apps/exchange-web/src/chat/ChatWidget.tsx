import { ChatWindow, type ChatWidgetProps } from '@tp/web-kit';
import { api } from '../api/client';

/** The chat window with this app's API client; loaded when the launcher is first clicked. */
export default function ChatWidget(props: ChatWidgetProps) {
  return <ChatWindow api={api} {...props} />;
}
