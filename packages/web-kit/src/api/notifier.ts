import type { Notice } from './client';

/** The part of antd's message API the notifier uses (what `App.useApp().message` provides). */
export interface MessageApi {
  error(config: { content: string; duration: number; key?: string }): unknown;
}

export interface Notifier {
  notify(notice: Notice): void;
  /** Connects the themed, translated message API; returns the disconnect. */
  attach(api: MessageApi): () => void;
}

/**
 * Lets the API client, which lives outside React, show antd messages that follow the app's theme
 * and locale. Notices raised before AppProviders mounts are held and shown once it does.
 */
export function createNotifier(): Notifier {
  let api: MessageApi | null = null;
  const pending: Notice[] = [];
  const show = (target: MessageApi, notice: Notice) =>
    target.error({ content: notice.content, duration: notice.durationSeconds, key: notice.key });
  return {
    notify(notice) {
      if (api) show(api, notice);
      else pending.push(notice);
    },
    attach(next) {
      api = next;
      for (const notice of pending.splice(0)) show(next, notice);
      return () => {
        if (api === next) api = null;
      };
    },
  };
}
