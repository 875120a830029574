// The batch import of administration §2.6, one wizard for every module (users, dictionary items, online-form
// records): 1 download the template and upload one .xls/.xlsx (at most 500 KB by default), 2 preview the rows and
// edit or remove them, 3 the result with success and failure counts, the failed rows with their reasons and
// their download. The module's five calls live under one base path (sheetImportApi). A sub-table (a header of
// jnpfKey 'table') shows as a group of columns whose cells hold its rows one above the other, each editable and
// removable like a record.
import { DeleteOutlined, DownloadOutlined, QuestionCircleOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Result, Space, Steps, Table, Tooltip, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { acceptsFile, downloadFile, showFailure } from '../admin';
import { feedback } from '../../platform/feedback';
import {
  isImportGroup,
  sheetImportApi,
  type ImportColumn,
  type ImportOutcome,
  type ImportPreview,
  type ImportRecord,
} from './api';
import { importTexts } from './texts';

export const MAX_IMPORT_BYTES = 500 * 1024;
const ACCEPT = '.xls,.xlsx';

type Row = ImportRecord & { __key: string };
type SubRows = Record<string, string>[];
const subRows = (value: unknown): SubRows => (Array.isArray(value) ? (value as SubRows) : []);
/** one line per sub-table row, as tall as a small input */
const LINE = { height: 24, display: 'flex', alignItems: 'center' } as const;

const sizeText = (bytes: number) =>
  bytes % 1024 === 0 && bytes < 1024 * 1024 ? `${bytes / 1024}KB` : `${Math.round((bytes / 1048576) * 10) / 10}MB`;

export interface SheetImportWizardProps {
  open: boolean;
  onClose: () => void;
  /** called on closing after at least one row was imported */
  onImported: () => void;
  /** the module's base path, e.g. /api/permission/Users */
  base: string;
  /** the error report's call under base (default ImportExceptionData) */
  exceptionPath?: string;
  /** the largest file the server takes (IMPORT_MAX_BYTES) */
  maxBytes?: number;
  /** the dialog's title (default 批量导入) */
  title?: string;
}

export function SheetImportWizard({
  open,
  onClose,
  onImported,
  base,
  exceptionPath,
  maxBytes = MAX_IMPORT_BYTES,
  title,
}: SheetImportWizardProps) {
  const t = importTexts.useText();
  const api = useMemo(() => sheetImportApi(base, exceptionPath), [base, exceptionPath]);
  const size = sizeText(maxBytes);
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<{ uploaded: string; name: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [header, setHeader] = useState<ImportPreview['headerRow']>([]);
  const [rows, setRows] = useState<Row[]>([]);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);

  const close = () => {
    if (outcome && outcome.snum > 0) onImported();
    setStep(0);
    setFile(null);
    setRows([]);
    setOutcome(null);
    onClose();
  };

  const upload = async (chosen: File) => {
    if (!acceptsFile(chosen.name, ACCEPT)) {
      feedback.error(t('fileType'), 1.5);
      return;
    }
    if (chosen.size > maxBytes) {
      feedback.error(t('fileSize', { size }), 1.5);
      return;
    }
    setUploading(true);
    try {
      const result = await api.upload(chosen);
      setFile({ uploaded: result.data!.name, name: chosen.name });
    } catch {
      setFile(null);
    } finally {
      setUploading(false);
    }
  };

  const next = async () => {
    if (!file) {
      feedback.error(t('fileRequired'), 1.5);
      return;
    }
    setBusy(true);
    try {
      const preview = await api.preview(file.uploaded);
      setHeader(preview.headerRow);
      setRows(preview.dataRow.map((r, i) => ({ ...r, __key: String(i) })));
      setStep(1);
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const runImport = async () => {
    if (!rows.length) {
      feedback.error(t('noRows'), 1.5);
      return;
    }
    setBusy(true);
    try {
      const list: ImportRecord[] = rows.map(({ __key: _key, ...row }) => row);
      const result = await api.importRows(list);
      setOutcome(result.data!);
      setStep(2);
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const downloadFailed = async () => {
    if (!outcome?.failResult.length) return;
    try {
      const file = await api.exportFailed(outcome.failResult);
      if (file?.url) downloadFile(file);
    } catch (error) {
      showFailure(error);
    }
  };

  const edit = (key: string, field: string, value: string) =>
    setRows((list) => list.map((r) => (r.__key === key ? { ...r, [field]: value } : r)));
  /** a cell of row `index` of a record's sub-table `group`; value null removes the row */
  const editSub = (key: string, group: string, index: number, column: string, value: string | null) =>
    setRows((list) =>
      list.map((r) => {
        if (r.__key !== key) return r;
        const lines = subRows(r[group]);
        return {
          ...r,
          [group]:
            value === null
              ? lines.filter((_, i) => i !== index)
              : lines.map((line, i) => (i === index ? { ...line, [column]: value } : line)),
        };
      }),
    );

  const titleOf = (h: ImportColumn) =>
    h.tipLabel ? (
      <Space size={4}>
        {h.fullName}
        <Tooltip title={h.tipLabel}>
          <QuestionCircleOutlined aria-label={h.tipLabel} />
        </Tooltip>
      </Space>
    ) : (
      h.fullName
    );
  const width = header.reduce((sum, h) => sum + (isImportGroup(h) ? h.children.length * 150 + 60 : 150), 0);

  const previewColumns = [
    ...header.map((h) =>
      isImportGroup(h)
        ? {
            title: h.fullName,
            key: h.id,
            children: [
              ...h.children.map((c) => ({
                title: titleOf(c),
                key: `${h.id}-${c.id}`,
                width: 150,
                render: (_v: unknown, row: Row) => (
                  <Space direction="vertical" size={4} style={{ width: '100%' }}>
                    {subRows(row[h.id]).map((line, i) => (
                      <Input
                        key={i}
                        size="small"
                        aria-label={`${h.fullName}-${c.fullName}`}
                        value={line[c.id] ?? ''}
                        onChange={(event) => editSub(row.__key, h.id, i, c.id, event.target.value)}
                      />
                    ))}
                  </Space>
                ),
              })),
              {
                title: '',
                key: `${h.id}-remove`,
                width: 60,
                render: (_v: unknown, row: Row) => (
                  <Space direction="vertical" size={4}>
                    {subRows(row[h.id]).map((_line, i) => (
                      <Button
                        key={i}
                        type="link"
                        size="small"
                        danger
                        style={LINE}
                        icon={<DeleteOutlined />}
                        aria-label={t('removeSubRow', { table: h.fullName })}
                        onClick={() => editSub(row.__key, h.id, i, '', null)}
                      />
                    ))}
                  </Space>
                ),
              },
            ],
          }
        : {
            title: titleOf(h),
            dataIndex: h.id,
            key: h.id,
            width: 150,
            render: (value: string, row: Row) => (
              <Input
                size="small"
                aria-label={h.fullName}
                value={value ?? ''}
                onChange={(event) => edit(row.__key, h.id, event.target.value)}
              />
            ),
          },
    ),
    {
      title: '',
      key: 'remove',
      width: 60,
      fixed: 'right' as const,
      render: (_v: unknown, row: Row) => (
        <Button
          type="link"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('removeRow')}
          onClick={() => setRows((list) => list.filter((r) => r.__key !== row.__key))}
        />
      ),
    },
  ];

  const failedColumns = [
    { title: t('errorsInfo'), dataIndex: 'errorsInfo', key: 'errorsInfo', width: 240 },
    ...header.map((h) =>
      isImportGroup(h)
        ? {
            title: h.fullName,
            key: h.id,
            children: h.children.map((c) => ({
              title: c.fullName,
              key: `${h.id}-${c.id}`,
              width: 140,
              render: (_v: unknown, row: ImportRecord) =>
                subRows(row[h.id]).map((line, i) => (
                  <div key={i} style={LINE}>
                    {line[c.id] ?? ''}
                  </div>
                )),
            })),
          }
        : { title: h.fullName, dataIndex: h.id, key: h.id, width: 140, ellipsis: true },
    ),
  ];

  const footer =
    step === 0 ? (
      <Space>
        <Button onClick={close}>{t('finish')}</Button>
        <Button type="primary" disabled={!file} loading={busy} onClick={() => void next()}>
          {t('next')}
        </Button>
      </Space>
    ) : step === 1 ? (
      <Space>
        <Button onClick={() => setStep(0)} disabled={busy}>
          {t('prev')}
        </Button>
        <Button type="primary" loading={busy} onClick={() => void runImport()}>
          {t('startImport')}
        </Button>
      </Space>
    ) : (
      <Button type="primary" onClick={close}>
        {t('finish')}
      </Button>
    );

  return (
    <Modal
      open={open}
      title={title ?? t('importTitle')}
      width={1000}
      onCancel={close}
      footer={footer}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Steps
        current={step}
        size="small"
        style={{ marginBottom: 24 }}
        items={[{ title: t('step1') }, { title: t('step2') }, { title: t('step3') }]}
      />
      {step === 0 && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Alert type="info" showIcon message={t('templateHint', { size })} />
          <Space wrap>
            <Button
              icon={<DownloadOutlined />}
              onClick={() =>
                void api
                  .template()
                  .then((f) => f?.url && downloadFile(f))
                  .catch(showFailure)
              }
            >
              {t('downloadTemplate')}
            </Button>
            <Upload
              accept={ACCEPT}
              maxCount={1}
              showUploadList={false}
              beforeUpload={(chosen) => {
                void upload(chosen);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={uploading}>
                {t('chooseFile')}
              </Button>
            </Upload>
            {file && <span data-testid="uploaded-file">{file.name}</span>}
          </Space>
        </Space>
      )}
      {step === 1 && (
        <Table<Row>
          rowKey="__key"
          size="small"
          columns={previewColumns}
          dataSource={rows}
          pagination={false}
          scroll={{ x: width + 60, y: 400 }}
        />
      )}
      {step === 2 && outcome && (
        <>
          <Result
            status={outcome.resultType === 0 ? 'success' : 'warning'}
            title={outcome.resultType === 0 ? t('resultOk') : t('resultSome')}
            subTitle={t('resultCounts', { snum: outcome.snum, fnum: outcome.fnum })}
            extra={
              outcome.failResult.length ? (
                <Button icon={<DownloadOutlined />} onClick={() => void downloadFailed()}>
                  {t('downloadFailed')}
                </Button>
              ) : undefined
            }
          />
          {outcome.failResult.length > 0 && (
            <Table
              rowKey="__key"
              size="small"
              columns={failedColumns}
              dataSource={outcome.failResult.map((r, i) => ({ ...r, __key: String(i) }))}
              pagination={false}
              scroll={{ x: width + 240, y: 300 }}
            />
          )}
        </>
      )}
    </Modal>
  );
}
