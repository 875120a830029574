// The notice as its readers will see it: title, type, who released it and when, expiry, the cover, the body
// (the HTML the server sanitised and stored, never what the editor held) and the attachments.
import { PaperClipOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Modal, Spin, Tag } from 'antd';
import dayjs from 'dayjs';
import { LoadError, useDictionary } from '../../../components/admin';
import { downloadAttachment, fileSizeText, useAttachmentImage } from '../../../components/attachments';
import { noticeApi, noticeKeys, parseFiles } from './api';
import { NOTICE_DIALOG_WIDTH } from './NoticeForm';
import { NoticeStateTag } from './NoticeStateTag';
import styles from './NoticePage.module.css';
import { texts } from './texts';
import { SafeRichText } from '../../../components/richText/SafeRichText';

const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

function Cover({ url }: { url: string }) {
  const t = texts.useText();
  const image = useAttachmentImage(url);
  return image.src ? <img className={styles.detailCover} src={image.src} alt={t('coverImage')} /> : null;
}

export function NoticeDetail({ id, onClose }: { id?: string; onClose: () => void }) {
  const t = texts.useText();
  const categories = useDictionary('NoticeType');
  const info = useQuery({
    queryKey: [...noticeKeys.info(id ?? ''), 'detail'],
    queryFn: () => noticeApi.info(id!),
    enabled: Boolean(id),
    staleTime: 0,
    gcTime: 0,
  });
  const notice = info.data;
  const files = parseFiles(notice?.files);
  const category = categories.items.find((c) => c.enCode === notice?.category)?.fullName ?? notice?.category;

  return (
    <Modal
      open={Boolean(id)}
      title={t('detail')}
      width={NOTICE_DIALOG_WIDTH}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {info.isError ? (
        <LoadError onRetry={() => void info.refetch()} />
      ) : !notice ? (
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin />
        </div>
      ) : (
        <article aria-label={notice.title}>
          <header className={styles.detailHead}>
            <h2>{notice.title}</h2>
            <div className={styles.detailMeta}>
              {category && <Tag>{category}</Tag>}
              <NoticeStateTag state={notice.enabledMark} />
              {notice.releaseTime ? (
                <span>
                  {t('releasedBy', { user: notice.releaseUser, time: dayjs(notice.releaseTime).format(DATE_TIME) })}
                </span>
              ) : (
                notice.creatorTime && (
                  <span>
                    {t('createdBy', { user: notice.creatorUser, time: dayjs(notice.creatorTime).format(DATE_TIME) })}
                  </span>
                )
              )}
              <span>
                {t('expiresAt', {
                  time: notice.expirationTime ? dayjs(notice.expirationTime).format(DATE_TIME) : t('noExpiration'),
                })}
              </span>
            </div>
          </header>
          {notice.coverImage && <Cover url={notice.coverImage} />}
          {notice.bodyText ? (
            // the server's sanitised HTML (notice/sanitize.ts allow-list), shown as stored
            <SafeRichText className={styles.body} html={notice.bodyText} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noBody')} />
          )}
          {files.length > 0 && (
            <section className={styles.detailFiles} aria-label={t('files')}>
              <strong>{t('files')}</strong>
              <ul className={styles.fileList}>
                {files.map((file, index) => (
                  <li key={`${file.fileId}-${index}`}>
                    <PaperClipOutlined />
                    <Button
                      type="link"
                      size="small"
                      className={styles.fileName}
                      title={t('download')}
                      onClick={() => void downloadAttachment(file.url, file.name).catch(() => undefined)}
                    >
                      {file.name}
                    </Button>
                    <span className={styles.hint}>{fileSizeText(file.fileSize)}</span>
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
