import { useTranslation } from 'react-i18next';
import { KIT_NAMESPACE } from './messages';

/** `t` over web-kit's own texts, for web-kit's components. */
export function useKitTranslation() {
  return useTranslation(KIT_NAMESPACE);
}
