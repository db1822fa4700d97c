import { useState } from 'react';
import { Button, Form, Input, Popconfirm, Space, Table, Upload } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DownloadDocument, DownloadList, DownloadPath, type DownloadUploadQuery } from '@tp/contract';
import { QueryStates, runAction } from '@tp/web-kit';
import { adminKeys } from '../../api/admin';
import { api, queryClient } from '../../api/client';
import { PageCard } from '../../components/PageCard';

const listKey = () => [...adminKeys.staff(), 'downloads'] as const;
const refresh = () => queryClient.invalidateQueries({ queryKey: listKey() });
const MIB = 1024 * 1024;
const size = (bytes: number) => (bytes < MIB ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / MIB).toFixed(2)} MB`);

/** `/downloads`: the documents of the download centre (contract templates, rules): publish a PDF with its version, withdraw one. */
export function DownloadsPage() {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: listKey(), queryFn: ({ signal }) => api.post(DownloadPath.list, {}, DownloadList, { signal }) });
  const publish = useMutation({
    mutationFn: ({ query, file }: { query: DownloadUploadQuery; file: File }) =>
      api.upload(`${DownloadPath.adminUpload}?title=${encodeURIComponent(query.title)}&version=${encodeURIComponent(query.version)}`, file, DownloadDocument),
    onSuccess: refresh,
  });
  const withdraw = useMutation({ mutationFn: (documentId: string) => api.post(DownloadPath.adminDelete, { documentId }), onSuccess: refresh });
  const [file, setFile] = useState<File>();
  const [form] = Form.useForm<DownloadUploadQuery>();

  const submit = (query: DownloadUploadQuery) => {
    if (!file) return;
    void runAction(async () => {
      await publish.mutateAsync({ query, file });
      form.resetFields();
      setFile(undefined);
    });
  };

  return (
    <PageCard title={t('download.title')}>
      <Form form={form} layout="inline" onFinish={submit} style={{ marginBottom: 16 }}>
        <Form.Item name="title" rules={[{ required: true, whitespace: true, message: t('download.titleRequired') }]}>
          <Input placeholder={t('download.name')} maxLength={60} data-testid="download-title" />
        </Form.Item>
        <Form.Item name="version" rules={[{ required: true, whitespace: true, message: t('download.versionRequired') }]}>
          <Input placeholder={t('download.version')} maxLength={20} style={{ width: 120 }} data-testid="download-version" />
        </Form.Item>
        <Form.Item>
          <Upload accept="application/pdf" maxCount={1} beforeUpload={(f) => (setFile(f), false)} onRemove={() => setFile(undefined)} fileList={file ? [{ uid: '1', name: file.name }] : []}>
            <Button>{t('download.choose')}</Button>
          </Upload>
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" disabled={!file} loading={publish.isPending} data-testid="download-publish">
            {t('download.publish')}
          </Button>
        </Form.Item>
      </Form>
      <QueryStates query={list} keys="download" empty={(list.data?.documents ?? []).length === 0}>
        <Table<DownloadDocument>
          size="small"
          rowKey="documentId"
          dataSource={list.data?.documents ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          columns={[
            { title: t('download.name'), dataIndex: 'title' },
            { title: t('download.version'), dataIndex: 'version' },
            { title: t('download.size'), dataIndex: 'bytes', render: (v: number) => size(v) },
            { title: t('download.date'), dataIndex: 'publishedAt', render: (v: string) => new Date(v).toLocaleString() },
            {
              title: '',
              key: 'actions',
              render: (_: unknown, d) => (
                <Space>
                  <a href={d.url}>{t('download.get')}</a>
                  <Popconfirm title={t('download.withdrawConfirm')} onConfirm={() => void runAction(() => withdraw.mutateAsync(d.documentId))}>
                    <Button size="small" danger>
                      {t('download.withdraw')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </QueryStates>
    </PageCard>
  );
}
