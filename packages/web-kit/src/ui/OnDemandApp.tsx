import { useState, type ComponentType, type ReactNode } from 'react';
import { theme } from 'antd';
import { AntAppContext as AppContext, type AppApi } from './appContext';

type Part = keyof AppApi;
type Method = (...args: unknown[]) => unknown;
type Holders = ComponentType<{ onReady: (api: AppApi) => void }>;

/** The methods of each part of `App.useApp()`. */
const METHODS: Record<Part, readonly string[]> = {
  message: ['info', 'success', 'error', 'warning', 'loading', 'open', 'destroy'],
  notification: ['info', 'success', 'error', 'warning', 'open', 'destroy'],
  modal: ['info', 'success', 'error', 'warning', 'confirm'],
};

/**
 * What a call made before the holders arrived returns: a message's close function, a dialog's
 * destroy/update, and the promise both give, each acting on the real one once it exists.
 */
function pendingResult(result: Promise<{ value: unknown }>) {
  const act = (use: (value: Record<string, Method> & Method) => unknown) =>
    void result.then(({ value }) => value && use(value as Record<string, Method> & Method));
  return Object.assign(() => act((close) => typeof close === 'function' && close()), {
    destroy: (...args: unknown[]) => act((value) => value.destroy?.(...args)),
    update: (...args: unknown[]) => act((value) => value.update?.(...args)),
    then: (onFulfilled?: (settled: unknown) => unknown, onRejected?: (reason: unknown) => unknown) =>
      result.then(({ value }) => value as PromiseLike<unknown>).then(onFulfilled, onRejected),
  });
}

/**
 * `App.useApp()`'s message, notification and modal, answering at once and fetching antd's code for
 * them on the first call: calls made meanwhile are made, in order, as soon as it has arrived.
 */
function createOnDemandApi(load: () => void) {
  let real: AppApi | null = null;
  const waiting: ((api: AppApi) => void)[] = [];
  const part = (name: Part) =>
    Object.fromEntries(
      METHODS[name].map((method) => [
        method,
        (...args: unknown[]) => {
          const call = (api: AppApi) => (api[name] as unknown as Record<string, Method>)[method]!(...args);
          if (real) return call(real);
          load();
          // Boxed: a message's result is itself a thenable, which a promise would otherwise unwrap.
          return pendingResult(new Promise((resolve) => waiting.push((api) => resolve({ value: call(api) }))));
        },
      ]),
    );
  const api = { message: part('message'), notification: part('notification'), modal: part('modal') } as unknown as AppApi;
  const ready = (next: AppApi) => {
    real = next;
    for (const call of waiting.splice(0)) call(next);
  };
  return { api, ready };
}

/**
 * antd's App for a landing page that should not carry the code of messages, notifications and
 * dialogs until one is shown: the same `App.useApp()` API and the same root text styles. The
 * first call fetches the holders; one that fails to arrive (offline) is fetched again on the next call.
 */
export function OnDemandApp({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const [holders, setHolders] = useState<{ Component: Holders } | null>(null);
  const [app] = useState(() => {
    let loading = false;
    return createOnDemandApi(() => {
      if (loading) return;
      loading = true;
      import('./FeedbackHolders').then(
        (m) => setHolders({ Component: m.FeedbackHolders }),
        () => {
          loading = false;
        },
      );
    });
  });
  const Loaded = holders?.Component;
  return (
    <AppContext value={app.api}>
      <div
        className="ant-app"
        style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}
      >
        {Loaded && <Loaded onReady={app.ready} />}
        {children}
      </div>
    </AppContext>
  );
}
