import { Button, Card, Result, Skeleton, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { currentLanguage, htmlLang } from '@tp/web-kit';
import { useContentDetail } from '../../../api/content';
import { paths } from '../../../paths';
import { formatDate, paragraphs } from '../columns';
import { RatePage } from './RatePage';

/** One content item: by id (news, notices, help) or, for footer pages, by slug. */
export function ContentDetailPage({ by }: { by: 'id' | 'slug' }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const detail = useContentDetail(by === 'id' ? { id } : { slug: id });
  const locale = htmlLang(currentLanguage(i18n));

  if (detail.isPending) return <Card><Skeleton active /></Card>;
  if (!detail.data) {
    return (
      <Result
        status="404"
        title={<span data-testid="page-heading">{t('content.notFound')}</span>}
        extra={<Button onClick={() => void navigate(paths.home)}>{t('content.backHome')}</Button>}
      />
    );
  }
  return (
    <Card>
      <Typography.Title level={1} className="result-heading" data-testid="page-heading">
        {detail.data.title}
      </Typography.Title>
      <Typography.Text type="secondary">{formatDate(detail.data.publishedAt, locale)}</Typography.Text>
      <div data-testid="content-body" style={{ marginTop: 16 }}>
        {paragraphs(detail.data.body).map((text, index) => (
          <Typography.Paragraph key={index}>{text}</Typography.Paragraph>
        ))}
      </div>
    </Card>
  );
}

export const ContentItemPage = () => <ContentDetailPage by="id" />;
/** The rate page is worded from the live fee settings; the other footer pages are content items. */
export function FooterPage() {
  const { id = '' } = useParams();
  return id === 'rate' ? <RatePage /> : <ContentDetailPage by="slug" />;
}
