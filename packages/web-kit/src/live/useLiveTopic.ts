import { useEffect, useRef } from 'react';
import type { WsPush } from '@tp/contract';
import { useSessionStore } from '../session/SessionProvider';

/** Longest wait between reconnect attempts; the first ones are quick. */
const MAX_BACKOFF_MS = 15_000;
const PING_MS = 25_000;

/**
 * Subscribes to one WebSocket topic of the hub at `/ws` (a private `user:<id>` topic is sent
 * with the session's auth first) and calls `onPush` for each push. It reconnects with backoff
 * after a drop and calls `onResync` then, so the page reloads its REST snapshot: pushes missed
 * while away are never replayed.
 */
export function useLiveTopic(topic: string | undefined, onPush: (push: WsPush) => void, onResync?: () => void): void {
  useLiveTopics(topic ? [topic] : [], onPush, onResync);
}

/** Whether a push's topic is one of the subscribed ones, directly or through `<kind>:*`. */
function covers(topics: readonly string[], topic: string): boolean {
  return topics.includes(topic) || topics.includes(`${topic.slice(0, topic.indexOf(':'))}:*`);
}

/** `useLiveTopic` for several topics over one connection; pushes of every topic reach `onPush`. */
export function useLiveTopics(topics: readonly string[], onPush: (push: WsPush) => void, onResync?: () => void): void {
  const key = topics.join(' ');
  const store = useSessionStore();
  const handlers = useRef({ onPush, onResync });
  useEffect(() => {
    handlers.current = { onPush, onResync };
  });

  useEffect(() => {
    const wanted = key === '' ? [] : key.split(' ');
    if (wanted.length === 0) return;
    let socket: WebSocket | undefined;
    let retry: number | undefined;
    let ping: number | undefined;
    let attempts = 0;
    let closed = false;

    function connect() {
      const url = new URL('/ws', window.location.href);
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      socket = new WebSocket(url);
      socket.onopen = () => {
        const session = store.get();
        if (session?.sessionStr) socket?.send(JSON.stringify({ op: 'auth', sessionStr: session.sessionStr, userId: session.userId, firmId: session.firmId }));
        socket?.send(JSON.stringify({ op: 'subscribe', topics: wanted }));
        if (attempts > 0) handlers.current.onResync?.();
        attempts = 0;
        ping = window.setInterval(() => socket?.send(JSON.stringify({ op: 'ping' })), PING_MS);
      };
      socket.onmessage = (event: MessageEvent<string>) => {
        try {
          const message = JSON.parse(event.data) as { type?: string; topic?: string };
          if (message.topic !== undefined && covers(wanted, message.topic) && message.type !== 'ack' && message.type !== 'error') handlers.current.onPush(message as WsPush);
        } catch {
          // A frame that is not JSON is not ours to act on.
        }
      };
      socket.onclose = () => {
        window.clearInterval(ping);
        if (closed) return;
        attempts += 1;
        retry = window.setTimeout(connect, Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempts));
      };
    }

    connect();
    return () => {
      closed = true;
      window.clearTimeout(retry);
      window.clearInterval(ping);
      socket?.close();
    };
  }, [key, store]);
}
