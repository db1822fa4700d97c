import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { EXCHANGE_SERVICE_MAILBOX } from '@tp/contract';

/** `/about`. */
export function AboutPage() {
  const { t } = useTranslation();
  return (
    <Card title={<h1 className="ex-heading" data-testid="page-heading">{t('content.about.title')}</h1>}>
      <div className="ex-article-body">
        <p>{t('content.about.p1')}</p>
        <p>{t('content.about.p2')}</p>
        <p>{t('content.about.p3')}</p>
      </div>
    </Card>
  );
}

/** `/contact`: the single service mailbox. */
export function ContactPage() {
  const { t } = useTranslation();
  return (
    <Card title={<h1 className="ex-heading" data-testid="page-heading">{t('content.contact.title')}</h1>}>
      <div className="ex-article-body">
        <p>
          {t('content.contact.mailbox')}:{' '}
          <a href={`mailto:${EXCHANGE_SERVICE_MAILBOX}`} data-testid="service-mailbox">
            {EXCHANGE_SERVICE_MAILBOX}
          </a>
        </p>
        <p>{t('content.contact.mailboxText')}</p>
        <p>{t('content.contact.reply')}</p>
      </div>
    </Card>
  );
}
