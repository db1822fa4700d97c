import { useTranslation } from 'react-i18next';

/** An instant as the reader's language writes it (day before month in English); an empty time reads as nothing. */
export function useTimeText(): (iso: string) => string {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en-GB' : 'zh-CN';
  return (iso) => (iso ? new Date(iso).toLocaleString(locale) : '');
}
