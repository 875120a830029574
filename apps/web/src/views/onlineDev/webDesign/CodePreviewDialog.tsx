// 代码预览 of a design: the code the generator makes of it (a server module and a web page folder of this
// repository), its files in a tree by folder beside the chosen file's text, read-only; 下载代码 from here too.
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Modal, Spin, Tree, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { LoadError } from '../../../components/admin';
import { webDesignApi, webDesignKeys, type DesignRow } from './api';
import { texts } from './texts';

export function CodePreviewDialog({
  row,
  onClose,
  onDownload,
}: {
  row: DesignRow | null;
  onClose: () => void;
  onDownload: (row: DesignRow) => void;
}) {
  const t = texts.useText();
  const code = useQuery({
    queryKey: webDesignKeys.codePreview(row?.id ?? ''),
    queryFn: () => webDesignApi.codePreview(row!.id),
    enabled: !!row,
    gcTime: 0,
    retry: false,
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const files = (code.data?.list ?? []).flatMap((folder) =>
    // the root folder is "/": its files' paths are their names
    folder.children.map((file) => ({
      ...file,
      path: folder.fileName === '/' ? file.fileName : `${folder.fileName}/${file.fileName}`,
    })),
  );
  const file = files.find((f) => f.id === chosen) ?? files[0];
  useEffect(() => {
    if (!row) setChosen(null);
  }, [row]);
  return (
    <Modal
      open={!!row}
      title={`${t('codePreview')}${row ? ` - ${row.fullName}` : ''}`}
      width={1100}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {t('codeClose')}
        </Button>,
        <Button key="download" type="primary" disabled={!code.data} onClick={() => row && onDownload(row)}>
          {t('downloadCode')}
        </Button>,
      ]}
    >
      {code.isLoading ? (
        <Spin style={{ display: 'block', padding: 48 }} />
      ) : code.isError ? (
        <LoadError onRetry={() => void code.refetch()} />
      ) : !files.length ? (
        <Empty />
      ) : (
        <div style={{ display: 'flex', gap: 12, height: '65vh' }}>
          <Tree
            aria-label={t('codeFiles')}
            style={{ width: 320, flex: 'none', overflow: 'auto' }}
            defaultExpandAll
            selectedKeys={file ? [file.id] : []}
            onSelect={(keys) => {
              const key = keys[0];
              if (typeof key === 'string' && files.some((f) => f.id === key)) setChosen(key);
            }}
            treeData={(code.data?.list ?? []).map((folder) => ({
              key: folder.id,
              title: folder.fileName,
              selectable: false,
              children: folder.children.map((f) => ({ key: f.id, title: f.fileName, isLeaf: true })),
            }))}
          />
          <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
            <Typography.Text type="secondary" copyable={file ? { text: file.fileContent } : false}>
              {file?.path}
            </Typography.Text>
            <pre
              aria-label={t('codeText')}
              style={{
                flex: 1,
                margin: '8px 0 0',
                padding: 12,
                overflow: 'auto',
                background: '#f6f8fa',
                border: '1px solid #e8e8e8',
                fontSize: 12,
                lineHeight: 1.5,
              }}
            >
              {file?.fileContent}
            </pre>
          </div>
        </div>
      )}
    </Modal>
  );
}
