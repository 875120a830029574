// The notice's attachments and cover picture as form controls. Files go to the notice upload one by one as
// they are chosen; the field holds what the server answered ({name, fileId, fileSize, fileExtension, url}).
import { DeleteOutlined, LoadingOutlined, PaperClipOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space, Upload } from 'antd';
import { useRef, useState } from 'react';
import { uploadFile } from '../../../components/admin';
import { REQUEST_ERROR_TOAST_SECONDS } from '../../../platform/config';
import { feedback } from '../../../platform/feedback';
import { noticeApi, type NoticeFile, type UploadedFile } from './api';
import { downloadNoticeFile, fileSizeText, useNoticeImage } from './files';
import styles from './NoticePage.module.css';
import { texts } from './texts';

/** the notice upload's limit (the server refuses more) */
export const NOTICE_FILE_MAX_MB = 20;
const IMAGE_EXTENSIONS = ['gif', 'jpg', 'jpeg', 'png', 'bmp', 'webp'];
/** what the server accepts: administration.md §9's file categories and archives */
export const NOTICE_FILE_EXTENSIONS = [
  ...IMAGE_EXTENSIONS,
  ...['mp4', 'm3u8', 'rmvb', 'avi', 'swf', '3gp', 'mkv', 'flv'],
  ...['mp3', 'wav', 'wma', 'ogg', 'aac', 'flac'],
  ...['doc', 'txt', 'docx', 'pages', 'epub', 'pdf', 'numbers', 'csv', 'xls', 'xlsx', 'keynote', 'ppt', 'pptx'],
  ...['zip', 'rar', '7z'],
];

const extensionOf = (name: string) => (name.includes('.') ? name.split('.').pop()!.toLowerCase() : '');

/** why a file cannot be uploaded, or null */
export function fileProblem(
  file: { name: string; size: number },
  allowed: readonly string[],
  t: ReturnType<typeof texts.useText>,
): string | null {
  if (!allowed.includes(extensionOf(file.name))) return t('fileType', { name: file.name });
  if (file.size > NOTICE_FILE_MAX_MB * 1024 * 1024)
    return t('fileTooLarge', { name: file.name, size: NOTICE_FILE_MAX_MB });
  return null;
}

async function send(file: File, image: boolean): Promise<UploadedFile> {
  const result = await uploadFile<UploadedFile>(noticeApi.uploadUrl, file, image ? { kind: 'image' } : {});
  return result.data!;
}

export function AttachmentsField({ value, onChange }: { value?: NoticeFile[]; onChange?: (v: NoticeFile[]) => void }) {
  const t = texts.useText();
  const files = value ?? [];
  const [pending, setPending] = useState<string[]>([]);
  // uploads finish after later renders (and in any order): each adds to the field's newest value
  const latest = useRef({ files, onChange });
  latest.current = { files, onChange };

  const add = async (file: File) => {
    const problem = fileProblem(file, NOTICE_FILE_EXTENSIONS, t);
    if (problem) {
      feedback.error(problem, REQUEST_ERROR_TOAST_SECONDS);
      return;
    }
    setPending((p) => [...p, file.name]);
    try {
      const stored = await send(file, false);
      const entry: NoticeFile = {
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
        accept={NOTICE_FILE_EXTENSIONS.map((e) => `.${e}`).join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          void add(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />}>{t('upload')}</Button>
      </Upload>
      <span className={styles.hint}>{t('uploadHint', { size: NOTICE_FILE_MAX_MB })}</span>
      {(files.length > 0 || pending.length > 0) && (
        <ul className={styles.fileList} aria-label={t('files')}>
          {files.map((file, index) => (
            <li key={`${file.fileId}-${index}`}>
              <PaperClipOutlined />
              <Button
                type="link"
                size="small"
                className={styles.fileName}
                onClick={() => void downloadNoticeFile(file.url, file.name).catch(() => undefined)}
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

export function CoverField({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  const t = texts.useText();
  const [busy, setBusy] = useState(false);
  const image = useNoticeImage(value);

  const choose = async (file: File) => {
    const problem = IMAGE_EXTENSIONS.includes(extensionOf(file.name))
      ? fileProblem(file, IMAGE_EXTENSIONS, t)
      : t('coverImageOnly');
    if (problem) {
      feedback.error(problem, REQUEST_ERROR_TOAST_SECONDS);
      return;
    }
    setBusy(true);
    try {
      onChange?.((await send(file, true)).url);
    } catch {
      // shown by the upload helper
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space align="start" size={12} wrap>
      <div className={styles.cover}>
        {image.src ? (
          <img src={image.src} alt={t('coverImage')} />
        ) : (
          <span className={styles.hint}>
            {busy ? <LoadingOutlined /> : value && image.failed ? t('coverFailed') : <PictureOutlined />}
          </span>
        )}
      </div>
      <Space orientation="vertical" size={6}>
        <Upload
          accept={IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            void choose(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {t('uploadCover')}
          </Button>
        </Upload>
        {value && (
          <Button size="small" type="link" danger onClick={() => onChange?.('')} style={{ padding: 0 }}>
            {t('removeCover')}
          </Button>
        )}
        <span className={styles.hint}>{t('coverHint')}</span>
      </Space>
    </Space>
  );
}
