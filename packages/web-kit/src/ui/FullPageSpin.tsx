import { Flex, Spin } from 'antd';
import { useKitTranslation } from '../i18n/useKitTranslation';

/** A centred spinner for pages and routes still loading. */
export function FullPageSpin({ label }: { label?: string }) {
  const { t } = useKitTranslation();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '60vh' }} data-testid="page-loading">
      <Spin size="large" description={label ?? t('loading')}>
        <div style={{ width: 160, height: 80 }} />
      </Spin>
    </Flex>
  );
}
