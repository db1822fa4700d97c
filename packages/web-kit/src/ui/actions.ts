import { useContext, useMemo } from 'react';
import { AntAppContext as AppContext, type AppApi } from './appContext';
import { isApiError } from '../api/client';

/** A form's `validateFields()` refusal: antd has already marked the fields. */
const isFormRefusal = (error: unknown): boolean => typeof error === 'object' && error !== null && 'errorFields' in error;

/**
 * A failure the user has already been told about: every refused call is announced by the API
 * client (the server's message), and a form shows its own field errors.
 */
export const isShownFailure = (error: unknown): boolean => isApiError(error) || isFormRefusal(error);

/**
 * Runs an action started from a button, a form or a dialog's OK. A refusal the user has already
 * been shown ends here, instead of surfacing as an uncaught promise error in the console; any
 * other failure is a fault and is thrown on. Resolves to the action's result, or `undefined` when
 * it was refused.
 */
export async function runAction<T>(action: Promise<T> | (() => Promise<T> | T)): Promise<T | undefined> {
  try {
    return await (typeof action === 'function' ? action() : action);
  } catch (error) {
    if (isShownFailure(error)) return undefined;
    throw error;
  }
}

type ConfirmConfig = Parameters<AppApi['modal']['confirm']>[0];

/**
 * antd's `App.useApp()` (read from its context, so a page that uses only this does not bring
 * antd's App itself), whose confirm dialogs run their OK as an action: antd re-throws a
 * rejected OK as an uncaught error, so a refused action (余额不足, no seal…) would otherwise leave
 * one in the console. A refused OK closes the dialog; the refusal is already on screen.
 */
export function useApp(): AppApi {
  const app = useContext(AppContext);
  return useMemo(() => {
    const settle = (config: ConfirmConfig): ConfirmConfig => {
      const onOk = config.onOk;
      if (!onOk) return config;
      const run = (...args: Parameters<typeof onOk>) => runAction(() => onOk(...args) as Promise<unknown>);
      // antd leaves closing to an OK that takes the close function (it looks at the arity): keep that.
      return { ...config, onOk: onOk.length > 0 ? (close: unknown) => run(close) : () => run() };
    };
    const modal = app.modal;
    return {
      ...app,
      modal: {
        ...modal,
        confirm: (config) => modal.confirm(settle(config)),
        info: (config) => modal.info(settle(config)),
        success: (config) => modal.success(settle(config)),
        error: (config) => modal.error(settle(config)),
        warning: (config) => modal.warning(settle(config)),
      },
    };
  }, [app]);
}
