import { useTranslation } from 'react-i18next';

type Say = (key: string, options?: Record<string, unknown>) => string;

/**
 * The chat's texts come from the app's own `chat` area (every app that shows the widget has one);
 * web-kit cannot name them in the apps' typed dictionaries, so they are looked up by plain key.
 */
export function useChatText(): Say {
  return useTranslation().t as unknown as Say;
}
