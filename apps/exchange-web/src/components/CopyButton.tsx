import { App, Button } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Copies text; says "failed to copy" when the browser refuses the clipboard. */
export function CopyButton({ text, 'data-testid': testId }: { text: string; 'data-testid'?: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      void message.success(t('common.copied'));
    } catch {
      void message.error(t('common.copyFailed'));
    }
  }

  return (
    <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid={testId}>
      {t('common.copy')}
    </Button>
  );
}
