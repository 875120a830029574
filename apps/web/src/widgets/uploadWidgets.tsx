// The file fields (uploadFile 文件上传, uploadImg 图片上传): files go through the chunked upload as they are
// chosen, checked first against the field's limit, size and types (each refusal with its own message); the value
// is the list of stored files. Files are fetched with the token, so pictures show from blob addresses and a
// click downloads a file; 打包下载 downloads all files of the field as one zip. FilesDetail shows the files read-only.
import {
  DeleteOutlined,
  DownloadOutlined,
  LoadingOutlined,
  PaperClipOutlined,
  PlusOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  acceptedExtensions,
  acceptedKinds,
  uploadMaxBytes,
  uploadSizeLimit,
  uploadTypeOf,
  type FieldConfig,
} from '@jnpf/core';
import { Button, Image, Progress, Upload } from 'antd';
import { useRef, useState } from 'react';
import { downloadFile, type DownloadVO } from '../components/admin/download';
import { downloadAttachment, extensionOf, fileSizeText, useAttachmentImage } from '../components/attachments/files';
import { uploadFile, type UploadedFile } from '../platform/chunkUpload';
import { REQUEST_ERROR_TOAST_SECONDS } from '../platform/config';
import { feedback } from '../platform/feedback';
import { http, wasNotified } from '../platform/request';
import { widgetTexts } from './texts';
import type { InputWidgetProps } from './types';
import styles from './Upload.module.css';

type Text = typeof widgetTexts.text;

/** the stored files a value holds */
export function filesOf(value: unknown): UploadedFile[] {
  return Array.isArray(value)
    ? value.filter((f): f is UploadedFile => !!f && typeof f === 'object' && typeof f.fileId === 'string')
    : [];
}

const sizeText = (field: FieldConfig) => {
  const { size, unit } = uploadSizeLimit(field);
  return `${size}${unit}`;
};

/** the kinds of file a field takes, as a refusal names them: 图片、视频、音频, else excel, word, pdf, txt or the extension */
function kindNames(field: FieldConfig, t: Text): string {
  const names = (acceptedKinds(field) ?? []).map((kind) => {
    if (kind === 'image') return t('fileKindImage');
    if (kind === 'video') return t('fileKindVideo');
    if (kind === 'audio') return t('fileKindAudio');
    return kind.startsWith('.') ? kind.slice(1) : kind;
  });
  return names.join(t('fileKindSeparator'));
}

/** the field's storage options (pathType, isAccount, folder), sent with the stored file as the reference does */
export function storageOptionsOf(field: FieldConfig): { pathType: string; isAccount: string; folder: string } {
  return {
    pathType: typeof field.pathType === 'string' && field.pathType ? field.pathType : 'defaultPath',
    isAccount: String(Number(field.isAccount) === 1 ? 1 : 0),
    folder: typeof field.folder === 'string' ? field.folder : '',
  };
}

/** whether a refusal is a picture field's limit being reached: the reference warns of it rather than errs */
export const isImageLimitProblem = (field: FieldConfig, count: number) =>
  field.__config__.jnpfKey === 'uploadImg' && Number(field.limit) > 0 && count >= Number(field.limit);

/**
 * why a chosen file cannot be added, or null (`count` = files held and uploading); a picture field says so in
 * terms of pictures (张图片, 图片大小超过, 请上传图片)
 */
export function uploadProblem(field: FieldConfig, file: { name: string; size: number }, count: number, t: Text) {
  const image = field.__config__.jnpfKey === 'uploadImg';
  const limit = Number(field.limit) > 0 ? Number(field.limit) : 0;
  if (limit && count >= limit) return t(image ? 'uploadImageLimit' : 'uploadLimit', { limit });
  // in the spec's order: the limit, the size (which must stay below fileSize), then the type
  if (file.size >= uploadMaxBytes(field))
    return t(image ? 'uploadImageTooLarge' : 'uploadTooLarge', { size: sizeText(field) });
  const accepted = acceptedExtensions(field);
  if (accepted && !accepted.includes(extensionOf(file.name)))
    return image ? t('uploadNotImage') : t('uploadType', { types: kindNames(field, t) });
  return null;
}

interface Pending {
  uid: string;
  name: string;
  percent: number;
}

function Thumb({ file, onRemove }: { file: UploadedFile; onRemove?: () => void }) {
  const t = widgetTexts.useText();
  const { src, failed } = useAttachmentImage(file.url);
  return (
    <div className={styles.card}>
      {src ? (
        <Image src={src} alt={file.name} width={96} height={96} className={styles.image} />
      ) : (
        <span className={styles.placeholder}>{failed ? file.name : <LoadingOutlined />}</span>
      )}
      {onRemove && (
        <Button
          className={styles.cardRemove}
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={`${t('uploadRemove')} ${file.name}`}
          onClick={onRemove}
        />
      )}
    </div>
  );
}

/** one stored file of a file field: its name (a click downloads it), its size and its remove button */
export function FileLine({ file, onRemove }: { file: UploadedFile; onRemove?: () => void }) {
  const t = widgetTexts.useText();
  return (
    <li className={styles.line}>
      <PaperClipOutlined />
      {/* (never disabled: a disabled form's files are still read) */}
      <Button
        type="link"
        size="small"
        className={styles.name}
        disabled={false}
        onClick={() => void downloadAttachment(file.url, file.name).catch(() => undefined)}
      >
        {file.name}
      </Button>
      <span className={styles.hint}>{fileSizeText(file.fileSize)}</span>
      {onRemove && (
        <Button
          type="text"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={`${t('uploadRemove')} ${file.name}`}
          onClick={onRemove}
        />
      )}
    </li>
  );
}

/** downloads all files of a file field as one zip, packed by the server (which checks each may be read) */
export async function downloadAll(files: readonly UploadedFile[], t: Text): Promise<void> {
  if (!files.length) {
    feedback.error(t('uploadNoFile'), REQUEST_ERROR_TOAST_SECONDS);
    return;
  }
  const result = await http.post<{ downloadVo?: DownloadVO }>(
    '/api/file/PackDownload/annex',
    files.map((f) => ({ fileId: f.fileId, fileName: f.name })),
  );
  if (result.data?.downloadVo?.url) downloadFile(result.data.downloadVo);
}

/** the 打包下载 button of a file list */
export function DownloadAllButton({ files }: { files: readonly UploadedFile[] }) {
  const t = widgetTexts.useText();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      icon={<DownloadOutlined />}
      // a disabled form's files may still be downloaded
      disabled={false}
      loading={busy}
      onClick={() => {
        setBusy(true);
        // the request layer reports a refusal
        void downloadAll(files, widgetTexts.text)
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      {t('uploadDownloadAll')}
    </Button>
  );
}

/** the file picker of a file field: its types, one file or several (limit 1 takes one), each chosen file to onFile */
export function FileChooser({
  id,
  field,
  disabled,
  onFile,
  children,
}: {
  id?: string;
  field: FieldConfig;
  disabled: boolean;
  onFile: (file: File) => void;
  children: React.ReactNode;
}) {
  const limit = Number(field.limit) > 0 ? Number(field.limit) : 0;
  const accepted = acceptedExtensions(field);
  return (
    <Upload
      id={id}
      multiple={limit !== 1}
      accept={accepted ? accepted.map((e) => `.${e}`).join(',') : undefined}
      showUploadList={false}
      disabled={disabled}
      beforeUpload={(file) => {
        onFile(file);
        return Upload.LIST_IGNORE;
      }}
    >
      {children}
    </Upload>
  );
}

export function UploadWidget({ field, id, value, onChange, disabled }: InputWidgetProps) {
  const t = widgetTexts.useText();
  const picture = field.__config__.jnpfKey === 'uploadImg';
  const files = filesOf(value);
  const [pending, setPending] = useState<Pending[]>([]);
  // uploads end after later renders and in any order: each adds to the field's newest value
  const latest = useRef({ files, onChange, count: 0 });
  latest.current = { files, onChange, count: files.length + pending.length };
  const off = disabled || field.disabled === true;
  const limit = Number(field.limit) > 0 ? Number(field.limit) : 0;

  const add = async (file: File) => {
    const problem = uploadProblem(field, file, latest.current.count, widgetTexts.text);
    if (problem) {
      if (isImageLimitProblem(field, latest.current.count)) feedback.warning(problem, REQUEST_ERROR_TOAST_SECONDS);
      else feedback.error(problem, REQUEST_ERROR_TOAST_SECONDS);
      return;
    }
    const uid = `${Date.now()}-${Math.random()}`;
    latest.current.count += 1;
    setPending((p) => [...p, { uid, name: file.name, percent: 0 }]);
    try {
      const stored = await uploadFile(file, {
        type: uploadTypeOf(field.__config__.jnpfKey),
        storage: storageOptionsOf(field),
        onProgress: (percent) => setPending((p) => p.map((x) => (x.uid === uid ? { ...x, percent } : x))),
      });
      const next = [...latest.current.files, stored];
      latest.current.files = next;
      latest.current.onChange?.(next);
    } catch (error) {
      if (!wasNotified(error))
        feedback.error(error instanceof Error ? error.message : t('uploadFailed'), REQUEST_ERROR_TOAST_SECONDS);
    } finally {
      setPending((p) => p.filter((x) => x.uid !== uid));
    }
  };
  const remove = (index: number) => onChange?.(files.filter((_, i) => i !== index));
  const full = limit > 0 && files.length + pending.length >= limit;
  const chooser = (trigger: React.ReactNode) => (
    <FileChooser id={id} field={field} disabled={off} onFile={(file) => void add(file)}>
      {trigger}
    </FileChooser>
  );

  return (
    <div className={styles.field}>
      {picture ? (
        <div className={styles.cards}>
          {files.map((file, index) => (
            <Thumb key={file.fileId} file={file} onRemove={off ? undefined : () => remove(index)} />
          ))}
          {pending.map((p) => (
            <div key={p.uid} className={styles.card} aria-label={p.name}>
              <Progress type="circle" size={56} percent={p.percent} />
            </div>
          ))}
          {!full &&
            !off &&
            chooser(
              <button type="button" className={`${styles.card} ${styles.add}`} aria-label={t('uploadPicture')}>
                <PlusOutlined />
              </button>,
            )}
        </div>
      ) : (
        <>
          <div className={styles.actions}>
            {chooser(
              <Button icon={<UploadOutlined />} disabled={off || full}>
                {typeof field.buttonText === 'string' && field.buttonText ? field.buttonText : t('uploadButton')}
              </Button>,
            )}
            {files.length > 0 && <DownloadAllButton files={files} />}
          </div>
          {(files.length > 0 || pending.length > 0) && (
            <ul className={styles.lines} aria-label={field.__config__.label}>
              {files.map((file, index) => (
                <FileLine key={file.fileId} file={file} onRemove={off ? undefined : () => remove(index)} />
              ))}
              {pending.map((p) => (
                <li key={p.uid} className={styles.line}>
                  <LoadingOutlined />
                  <span className={styles.name}>{p.name}</span>
                  <Progress percent={p.percent} size="small" className={styles.progress} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {typeof field.tipText === 'string' && field.tipText && <div className={styles.hint}>{field.tipText}</div>}
    </div>
  );
}

/** the files of a record, read-only: pictures as thumbnails, other files as download links */
export function FilesDetail({ field, value }: { field: FieldConfig; value: unknown }) {
  const files = filesOf(value);
  if (!files.length) return null;
  if (field.__config__.jnpfKey === 'uploadImg')
    return (
      <div className={styles.cards}>
        {files.map((file) => (
          <Thumb key={file.fileId} file={file} />
        ))}
      </div>
    );
  return (
    <div className={styles.field}>
      <DownloadAllButton files={files} />
      <ul className={styles.lines} aria-label={field.__config__.label}>
        {files.map((file) => (
          <FileLine key={file.fileId} file={file} />
        ))}
      </ul>
    </div>
  );
}
