// What a chat message shows: text with its emoji (never as markup), a picture that opens a preview, or a
// voice / video clip that opens a playback dialog. Files are read with the session token.
import { PictureOutlined, PlayCircleOutlined, SoundOutlined, WarningOutlined } from '@ant-design/icons';
import { Image, Modal, Spin } from 'antd';
import { Fragment, useState, type ReactNode } from 'react';
import styles from './chat.module.css';
import { decodeHtmlEntities, emojiTextToPlain, parseEmojiText } from './emoji';
import { EmojiGlyph } from './EmojiGlyph';
import { chatTexts } from './texts';
import type { ChatMedia, ChatMessage } from './types';
import { useAuthorizedUrl } from './useAuthorizedUrl';

/** Largest thumbnail side of a chat picture, px. */
const THUMBNAIL_MAX = 200;

function highlighted(text: string, keyword: string | undefined, key: string): ReactNode {
  const wanted = keyword?.trim().toLowerCase();
  if (!wanted) return text;
  const parts: ReactNode[] = [];
  const lower = text.toLowerCase();
  let from = 0;
  for (let at = lower.indexOf(wanted); at >= 0; at = lower.indexOf(wanted, from)) {
    if (at > from) parts.push(text.slice(from, at));
    parts.push(<mark key={`${key}-${at}`}>{text.slice(at, at + wanted.length)}</mark>);
    from = at + wanted.length;
  }
  if (from < text.length) parts.push(text.slice(from));
  return parts;
}

/** Message text (as stored: HTML-escaped) with its emoji tokens shown as emoji; `keyword` is marked. */
export function MessageText({ text, keyword }: { text: string; keyword?: string }) {
  return (
    <span className={styles.text}>
      {parseEmojiText(decodeHtmlEntities(text)).map((segment, index) =>
        segment.kind === 'text' ? (
          <Fragment key={index}>{highlighted(segment.text, keyword, String(index))}</Fragment>
        ) : (
          <EmojiGlyph key={index} character={segment.character} />
        ),
      )}
    </span>
  );
}

/** One line describing a message for the conversation list. */
export function messagePreview(
  content: string,
  type: string,
  text: (key: 'imagePreview' | 'voicePreview' | 'videoPreview') => string,
): string {
  if (type === 'image') return text('imagePreview');
  if (type === 'voice') return text('voicePreview');
  if (type === 'video') return text('videoPreview');
  return emojiTextToPlain(decodeHtmlEntities(content)).replace(/\s+/g, ' ');
}

function thumbnailSize(media: ChatMedia): { width: number; height: number } {
  if (!media.width || !media.height) return { width: 120, height: 90 };
  const scale = Math.min(1, THUMBNAIL_MAX / Math.max(media.width, media.height));
  return {
    width: Math.max(24, Math.round(media.width * scale)),
    height: Math.max(24, Math.round(media.height * scale)),
  };
}

export function ChatImage({ media }: { media: ChatMedia }) {
  const t = chatTexts.useText();
  const { url, failed } = useAuthorizedUrl(media.path);
  const [previewOpen, setPreviewOpen] = useState(false);
  const size = thumbnailSize(media);
  if (failed)
    return (
      <span className={styles.mediaFailed} style={size}>
        <WarningOutlined /> {t('mediaFailed')}
      </span>
    );
  if (!url)
    return (
      <span className={styles.imagePlaceholder} style={size} aria-busy="true">
        <PictureOutlined />
      </span>
    );
  return (
    <>
      <button
        type="button"
        className={styles.imageButton}
        onClick={() => setPreviewOpen(true)}
        aria-label={t('pictureAlt')}
        data-testid="chat-image"
      >
        <img src={url} alt={t('pictureAlt')} width={size.width} height={size.height} className={styles.image} />
      </button>
      {previewOpen && (
        <Image
          src={url}
          alt={t('pictureAlt')}
          style={{ display: 'none' }}
          preview={{ open: previewOpen, onOpenChange: (open) => setPreviewOpen(open), src: url }}
        />
      )}
    </>
  );
}

/** Voice ({path, length}) and video clips: a button that opens the playback dialog. */
export function MediaClip({ media, contentType }: { media: ChatMedia; contentType: 'voice' | 'video' }) {
  const t = chatTexts.useText();
  const [open, setOpen] = useState(false);
  const seconds = Math.round(media.length);
  return (
    <>
      <button type="button" className={styles.clipButton} onClick={() => setOpen(true)} data-testid="chat-clip">
        {contentType === 'video' ? <PlayCircleOutlined /> : <SoundOutlined />}{' '}
        {t(contentType === 'video' ? 'playVideo' : 'playVoice', { seconds })}
      </button>
      <Modal open={open} title={t('playback')} footer={null} onCancel={() => setOpen(false)} destroyOnHidden centered>
        {open && <Player path={media.path} video={contentType === 'video'} />}
      </Modal>
    </>
  );
}

function Player({ path, video }: { path: string; video: boolean }) {
  const t = chatTexts.useText();
  const { url, type, failed } = useAuthorizedUrl(path);
  if (failed) return <p className={styles.playerMessage}>{t('mediaFailed')}</p>;
  if (!url)
    return (
      <div className={styles.playerMessage}>
        <Spin />
      </div>
    );
  // the file's own type decides: a voice message may be stored as a video container
  return video || type.startsWith('video/') ? (
    <video src={url} controls autoPlay className={styles.video} data-testid="chat-player" />
  ) : (
    <audio src={url} controls autoPlay className={styles.audio} data-testid="chat-player" />
  );
}

/** The body of a message bubble. */
export function MessageBody({ message, keyword }: { message: ChatMessage; keyword?: string }) {
  if (message.contentType === 'text') return <MessageText text={message.text} keyword={keyword} />;
  if (!message.media) return null;
  if (message.contentType === 'image') return <ChatImage media={message.media} />;
  return <MediaClip media={message.media} contentType={message.contentType} />;
}
