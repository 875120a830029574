// The notice's cover picture as a form control (its attachments use the shared AttachmentsField). The picture
// goes to the notice upload as soon as it is chosen, as a picture only; the field holds its address.
import { LoadingOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space, Upload } from 'antd';
import { useState } from 'react';
import {
  attachmentTexts,
  extensionOf,
  fileProblem,
  IMAGE_EXTENSIONS,
  sendAttachment,
  useAttachmentImage,
} from '../../../components/attachments';
import { REQUEST_ERROR_TOAST_SECONDS } from '../../../platform/config';
import { feedback } from '../../../platform/feedback';
import { noticeApi } from './api';
import styles from './NoticePage.module.css';
import { texts } from './texts';

/** the notice upload's limit (the server refuses more) */
export const NOTICE_FILE_MAX_MB = 20;

export function CoverField({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  const t = texts.useText();
  const fileText = attachmentTexts.useText();
  const [busy, setBusy] = useState(false);
  const image = useAttachmentImage(value);

  const choose = async (file: File) => {
    const problem = IMAGE_EXTENSIONS.includes(extensionOf(file.name))
      ? fileProblem(file, IMAGE_EXTENSIONS, NOTICE_FILE_MAX_MB, fileText)
      : t('coverImageOnly');
    if (problem) {
      feedback.error(problem, REQUEST_ERROR_TOAST_SECONDS);
      return;
    }
    setBusy(true);
    try {
      onChange?.((await sendAttachment(noticeApi.uploadUrl, file, true)).url);
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
