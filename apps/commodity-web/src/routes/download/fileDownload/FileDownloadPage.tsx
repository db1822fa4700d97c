import { Button, Empty, List, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DownloadDocument, DownloadInstaller } from '@tp/contract';
import { QueryStates } from '@tp/web-kit';
import { useDownloads } from '../../../api/download';
import { fileSize } from './size';
import { SectionCard } from '../../../layout/SectionPage';
import { paths } from '../../../paths';

/** The static texts published beside the downloads (footer pages by slug). */
const TEXTS = ['faq-register', 'faq-funds', 'faq-account', 'privacy', 'asset-legality', 'virtual-assets'] as const;

/** `/fileDownload`: the desktop client's installers when the server has them, documents staff publish, and the platform's explanatory texts. */
export function FileDownloadPage() {
  const { t, i18n } = useTranslation();
  const downloads = useDownloads();
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language === 'en' ? 'en-GB' : 'zh-CN', { timeZone: 'Asia/Shanghai' });
  return (
    <>
      <SectionCard title={t('download.title')}>
        <QueryStates query={downloads} keys="download">
          <h3>{t('download.installers')}</h3>
          {(downloads.data?.installers ?? []).length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('download.noInstallers')} data-testid="no-installers" />
          ) : (
            <List<DownloadInstaller>
              dataSource={downloads.data?.installers ?? []}
              renderItem={(i) => (
                <List.Item
                  data-testid="installer"
                  actions={[
                    <Button key="get" type="primary" href={i.url}>
                      {t('download.get')}
                    </Button>,
                  ]}
                >
                  <List.Item.Meta title={`${t(`download.platforms.${i.platform}`)} ${i.version ?? ''}`} description={`${i.fileName} · ${fileSize(i.bytes)} · ${date(i.builtAt)}`} />
                </List.Item>
              )}
            />
          )}
          <h3 style={{ marginTop: 24 }}>{t('download.documents')}</h3>
          <Table<DownloadDocument>
            size="small"
            rowKey="documentId"
            data-testid="documents"
            dataSource={downloads.data?.documents ?? []}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('download.noDocuments')} /> }}
            columns={[
              { title: t('download.name'), dataIndex: 'title' },
              { title: t('download.version'), dataIndex: 'version' },
              { title: t('download.size'), dataIndex: 'bytes', render: (v: number) => fileSize(v) },
              { title: t('download.date'), dataIndex: 'publishedAt', render: (v: string) => date(v) },
              { title: '', key: 'get', render: (_: unknown, d) => <a href={d.url}>{t('download.get')}</a> },
            ]}
          />
        </QueryStates>
      </SectionCard>
      <SectionCard title={t('download.texts')}>
        <List
          dataSource={[...TEXTS]}
          renderItem={(slug) => (
            <List.Item>
              <Link to={paths.footerDetails(slug)}>{t(`download.textNames.${slug}`)}</Link>
            </List.Item>
          )}
        />
      </SectionCard>
    </>
  );
}
