import { useState } from 'react';
import { App, Button, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LEGAL_KINDS, type AdminArticle, type AdminLegalVersion, type ExchangeArticleKind, type LegalKind, type Texts } from '@tp/contract';
import { PageCard } from '../../components/PageCard';
import { formatTime } from '../../components/format';
import { useArticles, useDeleteArticle, useLegalVersions, usePublishLegal, useSaveArticle } from '../../api/content';

const LANGUAGES = ['cn', 'en', 'tw'] as const;
const PAGE_SIZE = 20;

/** One text field per language, named `[field, language]`. */
function TextsFields({ field, label, area = false, required = true }: { field: string; label: string; area?: boolean; required?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {LANGUAGES.map((language) => (
        <Form.Item key={language} name={[field, language]} label={`${label} (${t(`content.languages.${language}`)})`} rules={required ? [{ required: true, whitespace: true, message: t('content.required', { field: label }) }] : []}>
          {area ? <Input.TextArea rows={6} data-testid={`${field}-${language}`} /> : <Input data-testid={`${field}-${language}`} />}
        </Form.Item>
      ))}
    </>
  );
}

interface ArticleValues {
  pinned: boolean;
  title: Texts;
  summary: Texts;
  body: Texts;
}

function ArticleEditor({ kind, article, onClose }: { kind: ExchangeArticleKind; article: AdminArticle | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveArticle();
  const [form] = Form.useForm<ArticleValues>();
  const empty = { cn: '', en: '', tw: '' };

  async function submit(values: ArticleValues) {
    await save.mutateAsync({ ...(article ? { id: article.id } : {}), kind, pinned: values.pinned, title: values.title, summary: values.summary ?? empty, body: values.body });
    void message.success(t('content.saved'));
    onClose();
  }

  return (
    <Modal open width={760} title={article ? t('content.edit') : t('content.create')} onCancel={onClose} onOk={() => form.submit()} confirmLoading={save.isPending} okButtonProps={{ 'data-testid': 'article-save' }} destroyOnHidden>
      <Form<ArticleValues> form={form} layout="vertical" initialValues={article ?? { pinned: false, title: empty, summary: empty, body: empty }} onFinish={(values) => void submit(values)}>
        {kind === 'notice' ? (
          <Form.Item name="pinned" label={t('content.pinned')} valuePropName="checked">
            <Switch data-testid="article-pinned" />
          </Form.Item>
        ) : null}
        <TextsFields field="title" label={t('content.titleField')} />
        <TextsFields field="summary" label={t('content.summary')} required={false} />
        <TextsFields field="body" label={t('content.body')} area />
      </Form>
    </Modal>
  );
}

function ArticlesTab({ kind }: { kind: ExchangeArticleKind }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminArticle | null | undefined>(undefined);
  const articles = useArticles(kind, page - 1, PAGE_SIZE);
  const remove = useDeleteArticle();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => setEditing(null)} data-testid={`article-create-${kind}`}>
        {t('content.create')}
      </Button>
      <Table<AdminArticle>
        data-testid={`articles-${kind}`}
        rowKey="id"
        loading={articles.isFetching}
        dataSource={articles.data?.content ?? []}
        locale={{ emptyText: articles.isPending ? ' ' : t('content.empty') }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: articles.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('content.titleField'), key: 'title', render: (_, row) => (row.pinned ? <Space><Tag color="gold">{t('content.pinned')}</Tag>{row.title.cn}</Space> : row.title.cn) },
          { title: 'English', key: 'en', render: (_, row) => row.title.en },
          { title: t('content.publishedAt'), dataIndex: 'publishedAt', render: formatTime },
          {
            title: t('content.actions'),
            key: 'actions',
            render: (_, row) => (
              <Space>
                <Button size="small" onClick={() => setEditing(row)}>
                  {t('content.edit')}
                </Button>
                <Popconfirm title={t('content.confirmDelete')} onConfirm={() => remove.mutateAsync(row.id)}>
                  <Button size="small" danger>
                    {t('content.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing !== undefined ? <ArticleEditor kind={kind} article={editing} onClose={() => setEditing(undefined)} /> : null}
    </Space>
  );
}

function LegalPublisher({ kind, latest, onClose }: { kind: LegalKind; latest: AdminLegalVersion | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const publish = usePublishLegal();
  const [form] = Form.useForm<{ title: Texts; body: Texts }>();

  function confirm(values: { title: Texts; body: Texts }) {
    modal.confirm({
      title: t('content.legal.confirmPublish'),
      content: t('content.legal.confirmText'),
      onOk: async () => {
        const published = await publish.mutateAsync({ kind, title: values.title, body: values.body });
        void message.success(t('content.legal.published', { version: published.version }));
        onClose();
      },
    });
  }

  return (
    <Modal open width={860} title={t('content.legal.publish')} onCancel={onClose} onOk={() => form.submit()} okButtonProps={{ 'data-testid': 'legal-publish-submit' }} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={latest ? { title: latest.title, body: latest.body } : undefined} onFinish={confirm}>
        <TextsFields field="title" label={t('content.titleField')} />
        <TextsFields field="body" label={t('content.body')} area />
      </Form>
    </Modal>
  );
}

function LegalTab() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<LegalKind>('terms');
  const [publishing, setPublishing] = useState(false);
  const versions = useLegalVersions(kind);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Select<LegalKind> value={kind} onChange={setKind} style={{ width: 260 }} data-testid="legal-kind" options={LEGAL_KINDS.map((value) => ({ value, label: t(`content.legal.kinds.${value}`) }))} />
        <Button type="primary" disabled={versions.isPending} onClick={() => setPublishing(true)} data-testid="legal-publish">
          {t('content.legal.publish')}
        </Button>
      </Space>
      <Table<AdminLegalVersion>
        data-testid="legal-versions"
        rowKey="version"
        loading={versions.isFetching}
        dataSource={versions.data ?? []}
        pagination={false}
        columns={[
          { title: t('content.legal.version'), dataIndex: 'version' },
          { title: t('content.titleField'), key: 'title', render: (_, row) => row.title.cn },
          { title: t('content.publishedAt'), dataIndex: 'publishedAt', render: formatTime },
          { title: t('content.legal.publishedBy'), dataIndex: 'publishedBy', render: (v: string) => (v === 'system' ? t('content.legal.system') : v) },
        ]}
      />
      {publishing ? <LegalPublisher kind={kind} latest={versions.data?.[0]} onClose={() => setPublishing(false)} /> : null}
    </Space>
  );
}

/** `/content`: the exchange's announcements, help articles and FAQ in three languages, and its legal texts by version. */
export function ExchangeContentPage() {
  const { t } = useTranslation();
  return (
    <PageCard title={t('content.title')}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'notice', label: t('content.tabs.notice'), children: <ArticlesTab kind="notice" /> },
          { key: 'help', label: t('content.tabs.help'), children: <ArticlesTab kind="help" /> },
          { key: 'faq', label: t('content.tabs.faq'), children: <ArticlesTab kind="faq" /> },
          { key: 'legal', label: t('content.tabs.legal'), children: <LegalTab /> },
        ]}
      />
    </PageCard>
  );
}
