import { Card, Collapse, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { EXCHANGE_SERVICE_MAILBOX, type ExchangeArticleDetail } from '@tp/contract';
import { QueryStates } from '@tp/web-kit';
import { useHelpCentre } from '../../api/content';
import { Paragraphs } from '../content/text';

function Articles({ articles, testId }: { articles: ExchangeArticleDetail[]; testId: string }) {
  const { t } = useTranslation();
  if (articles.length === 0) return <p className="ex-muted">{t('content.help.empty')}</p>;
  return <Collapse data-testid={testId} items={articles.map((a) => ({ key: a.id, label: a.title, children: <Paragraphs body={a.body} /> }))} />;
}

/** `/help`: the help centre's guides and the FAQ. */
export function HelpPage() {
  const { t } = useTranslation();
  const help = useHelpCentre();
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <h1 className="ex-heading" data-testid="page-heading">
        {t('content.help.title')}
      </h1>
      <QueryStates query={help} keys="content" testIdPrefix="help">
        <Card title={t('content.help.articles')}>
          <Articles articles={help.data?.help ?? []} testId="help-articles" />
        </Card>
        <Card title={t('content.help.faq')} style={{ marginTop: 16 }}>
          <Articles articles={help.data?.faq ?? []} testId="help-faq" />
        </Card>
      </QueryStates>
      <p>{t('content.help.contact', { email: EXCHANGE_SERVICE_MAILBOX })}</p>
    </Space>
  );
}
