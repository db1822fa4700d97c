import { Card, Col, Row } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LEGAL_KINDS, type LegalKind } from '@tp/contract';
import { QueryStates } from '@tp/web-kit';
import { useLegal } from '../../api/content';
import { legalPath } from '../../paths';
import { Paragraphs, formatDay } from '../content/text';

const kindOf = (pathname: string): LegalKind => LEGAL_KINDS.find((kind) => pathname.endsWith(legalPath(kind))) ?? 'terms';

/** `/terms`, `/privacy`…: the version in force of a legal text, in the reader's language. */
export function LegalPage() {
  const { t, i18n } = useTranslation();
  const kind = kindOf(useLocation().pathname);
  const legal = useLegal(kind);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={18}>
        <Card>
          <QueryStates query={legal} keys="content" testIdPrefix="legal">
            {legal.data ? (
              <article data-testid="legal-text">
                <h1 className="ex-heading" data-testid="page-heading">
                  {legal.data.title}
                </h1>
                <p className="ex-muted" data-testid="legal-version">
                  {t('content.legal.version', { version: legal.data.version, date: formatDay(legal.data.publishedAt, i18n.language) })}
                </p>
                <Paragraphs body={legal.data.body} />
              </article>
            ) : null}
          </QueryStates>
        </Card>
      </Col>
      <Col xs={24} md={6}>
        <Card title={t('content.legal.others')} size="small">
          <ul className="ex-link-list">
            {LEGAL_KINDS.map((other) => (
              <li key={other}>{other === kind ? <strong>{t(`content.legal.${other}`)}</strong> : <Link to={legalPath(other)}>{t(`content.legal.${other}`)}</Link>}</li>
            ))}
          </ul>
        </Card>
      </Col>
    </Row>
  );
}
