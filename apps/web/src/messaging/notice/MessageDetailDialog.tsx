// The detail of a system message or a notice: title, release time and user, excerpt, the rich body (rebuilt from an
// allow-list, never inserted as HTML) and the attachments, each downloadable.
import { DownloadOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { feedback } from '../../platform/feedback';
import type { MessageInfo } from './api';
import { downloadAttachment, formatFileSize, parseAttachments, type Attachment } from './attachments';
import styles from './notice.module.css';
import { SafeRichText } from '../../components/richText/SafeRichText';
import { noticeTexts } from './texts';

/** the message dialog is 800 px wide, as the reference's */
const DIALOG_WIDTH = 800;
export const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

export interface MessageDetailDialogProps {
  open: boolean;
  message: MessageInfo | null;
  onClose: () => void;
}

export default function MessageDetailDialog({ open, message, onClose }: MessageDetailDialogProps) {
  const t = noticeTexts.useText();
  const files = useMemo(() => parseAttachments(message?.files), [message]);
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = async (file: Attachment) => {
    setDownloading(file.url);
    try {
      await downloadAttachment(file);
    } catch (error) {
      feedback.error(error instanceof Error && error.message ? error.message : t('downloadFailed'), 1.5);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Modal
      open={open}
      title={t('detail')}
      width={DIALOG_WIDTH}
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>{t('close')}</Button>}
    >
      {message && (
        <article className={styles.detail} data-testid="message-detail">
          <h2 className={styles.detailTitle}>{message.title}</h2>
          <div className={styles.detailMeta}>
            <span>
              {t('releaseUser')}：{message.releaseUser || t('system')}
            </span>
            <span>
              {t('releaseTime')}：{message.releaseTime ? dayjs(message.releaseTime).format(DATE_TIME) : ''}
            </span>
          </div>
          {message.excerpt && (
            <div className={styles.excerpt}>
              <strong>{t('excerpt')}：</strong>
              {message.excerpt}
            </div>
          )}
          <SafeRichText className={styles.body} html={message.bodyText ?? ''} />
          {files.length > 0 && (
            <section className={styles.files} aria-label={t('attachments')}>
              <div className={styles.filesTitle}>{t('attachments')}</div>
              <ul>
                {files.map((file) => (
                  <li key={file.url}>
                    <PaperClipOutlined />
                    <span className={styles.fileName} title={file.name}>
                      {file.name}
                    </span>
                    <span className={styles.fileSize}>{formatFileSize(file.fileSize)}</span>
                    <Button
                      type="link"
                      size="small"
                      icon={<DownloadOutlined />}
                      loading={downloading === file.url}
                      onClick={() => void download(file)}
                      aria-label={`${t('download')} ${file.name}`}
                    >
                      {t('download')}
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </article>
      )}
    </Modal>
  );
}
