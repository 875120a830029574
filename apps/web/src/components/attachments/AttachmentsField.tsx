// A record's attachments as a form control. Files go to the record's upload one by one as they are chosen;
// the field holds what the server answered as {name, fileId, fileSize, fileExtension, url}, the shape the
// record saves in its `files` JSON. A file is checked against the allowed types and size before it is sent.
import { DeleteOutlined, LoadingOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';
import { useRef, useState } from 'react';
import { uploadFile } from '../admin';
import { REQUEST_ERROR_TOAST_SECONDS } from '../../platform/config';
import { feedback } from '../../platform/feedback';
import styles from './AttachmentsField.module.css';
import {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MAX_MB,
  downloadAttachment,
  extensionOf,
  fileSizeText,
  type AttachmentFile,
  type UploadedFile,
} from './files';
import { attachmentTexts } from './texts';

type AttachmentText = ReturnType<typeof attachmentTexts.useText>;

/** why a file cannot be uploaded, or null */
export function fileProblem(
  file: { name: string; size: number },
  allowed: readonly string[],
  maxMb: number,
  t: AttachmentText,
): string | null {
  if (!allowed.includes(extensionOf(file.name))) return t('fileType', { name: file.name });
  if (file.size > maxMb * 1024 * 1024) return t('fileTooLarge', { name: file.name, size: maxMb });
  return null;
}

/** posts one file to an attachment upload; `kind: 'image'` makes the server accept pictures only */
export async function sendAttachment(uploadUrl: string, file: File, image = false): Promise<UploadedFile> {
  const result = await uploadFile<UploadedFile>(uploadUrl, file, image ? { kind: 'image' } : {});
  return result.data!;
}

export interface AttachmentsFieldProps {
  value?: AttachmentFile[];
  onChange?: (value: AttachmentFile[]) => void;
  /** the record's upload, e.g. /api/system/Schedule/Uploader */
  uploadUrl: string;
  /** the upload's limit in MB (the server refuses more) */
  maxMb?: number;
  /** the file types the upload takes, without dots */
  extensions?: readonly string[];
}

export function AttachmentsField({
  value,
  onChange,
  uploadUrl,
  maxMb = ATTACHMENT_MAX_MB,
  extensions = ATTACHMENT_EXTENSIONS,
}: AttachmentsFieldProps) {
  const t = attachmentTexts.useText();
  const files = value ?? [];
  const [pending, setPending] = useState<string[]>([]);
  // uploads finish after later renders (and in any order): each adds to the field's newest value
  const latest = useRef({ files, onChange });
  latest.current = { files, onChange };

  const add = async (file: File) => {
    const problem = fileProblem(file, extensions, maxMb, t);
    if (problem) {
      feedback.error(problem, REQUEST_ERROR_TOAST_SECONDS);
      return;
    }
    setPending((p) => [...p, file.name]);
    try {
      const stored = await sendAttachment(uploadUrl, file);
      const entry: AttachmentFile = {
        name: file.name,
        fileId: stored.name,
        fileSize: stored.fileSize,
        fileExtension: stored.fileExtension,
        url: stored.url,
      };
      const next = [...latest.current.files, entry];
      latest.current.files = next;
      latest.current.onChange?.(next);
    } catch {
      // the upload helper has shown the server's message
    } finally {
      setPending((p) => {
        const at = p.indexOf(file.name);
        return at < 0 ? p : [...p.slice(0, at), ...p.slice(at + 1)];
      });
    }
  };

  return (
    <div className={styles.files}>
      <Upload
        multiple
        accept={extensions.map((e) => `.${e}`).join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          void add(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />}>{t('upload')}</Button>
      </Upload>
      <span className={styles.hint}>{t('uploadHint', { size: maxMb })}</span>
      {(files.length > 0 || pending.length > 0) && (
        <ul className={styles.fileList} aria-label={t('files')}>
          {files.map((file, index) => (
            <li key={`${file.fileId}-${index}`}>
              <PaperClipOutlined />
              <Button
                type="link"
                size="small"
                className={styles.fileName}
                onClick={() => void downloadAttachment(file.url, file.name).catch(() => undefined)}
              >
                {file.name}
              </Button>
              <span className={styles.hint}>{fileSizeText(file.fileSize)}</span>
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${t('removeFile')} ${file.name}`}
                onClick={() => onChange?.(files.filter((_, i) => i !== index))}
              />
            </li>
          ))}
          {pending.map((name, index) => (
            <li key={`pending-${name}-${index}`} className={styles.pending}>
              <LoadingOutlined />
              <span className={styles.fileName}>{name}</span>
              <span className={styles.hint}>{t('uploading')}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
