// Writing to the open chat: text with emoji (Enter sends, Shift+Enter starts a line; an empty or blank
// message is not sent), and one picture at a time (pictures only, under 5 MB) by the picture button or by
// pasting. What was typed stays when the socket could not take it.
import { PictureOutlined, SmileOutlined } from '@ant-design/icons';
import { Button, Input, Popover, Tooltip } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useLayoutEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { feedback } from '../../platform/feedback';
import { sendFrame } from '../../platform/realtime';
import { uploadChatImage } from './api';
import styles from './chat.module.css';
import { EmojiPicker } from './EmojiPicker';
import { emojiToken } from './emoji';
import { checkChatImages, imageDimensions } from './imageCheck';
import { chatTexts } from './texts';

/** The server refuses longer text (im/frames.ts MAX_TEXT_LENGTH). */
export const MAX_MESSAGE_LENGTH = 5000;

export function Composer({ peerId }: { peerId: string }) {
  const t = chatTexts.useText();
  const [value, setValue] = useState('');
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const textArea = useRef<TextAreaRef>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  /** where the caret goes after an emoji was inserted */
  const caret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const element = textArea.current?.resizableTextArea?.textArea;
    if (caret.current === null || !element) return;
    element.focus();
    element.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value]);

  const send = () => {
    const text = value.trim();
    if (!text) return;
    const sent = sendFrame({ method: 'SendMessage', toUserId: peerId, messageType: 'text', messageContent: text });
    if (sent) setValue('');
    else feedback.error(t('notConnected'));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an input method composes (Chinese, Japanese …) confirms the composition, it does not send
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  const insertEmoji = (code: number) => {
    const element = textArea.current?.resizableTextArea?.textArea;
    const token = emojiToken(code);
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    if (value.length - (end - start) + token.length > MAX_MESSAGE_LENGTH) return;
    caret.current = start + token.length;
    setValue(value.slice(0, start) + token + value.slice(end));
    setEmojiOpen(false);
  };

  const sendImages = async (files: File[]) => {
    if (uploading) return;
    const refusal = checkChatImages(files);
    if (refusal) {
      feedback.error(t(refusal));
      return;
    }
    const file = files[0]!;
    setUploading(true);
    try {
      const [name, size] = await Promise.all([uploadChatImage(file), imageDimensions(file)]);
      const sent = sendFrame({
        method: 'SendMessage',
        toUserId: peerId,
        messageType: 'image',
        messageContent: { name, ...size },
      });
      if (!sent) feedback.error(t('notConnected'));
    } catch {
      // the upload helper has shown the server's refusal (or the transport failure)
    } finally {
      setUploading(false);
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = [...event.clipboardData.files];
    if (!files.length) return;
    event.preventDefault();
    void sendImages(files);
  };

  return (
    <div className={styles.composer}>
      <div className={styles.toolbar}>
        <Popover
          trigger="click"
          open={emojiOpen}
          onOpenChange={setEmojiOpen}
          placement="topLeft"
          content={<EmojiPicker onPick={insertEmoji} />}
          destroyOnHidden
        >
          <Tooltip title={t('emoji')}>
            <Button type="text" icon={<SmileOutlined />} aria-label={t('emoji')} data-testid="chat-emoji" />
          </Tooltip>
        </Popover>
        <Tooltip title={t('picture')}>
          <Button
            type="text"
            icon={<PictureOutlined />}
            aria-label={t('picture')}
            loading={uploading}
            onClick={() => fileInput.current?.click()}
            data-testid="chat-picture"
          />
        </Tooltip>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          data-testid="chat-picture-input"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = ''; // the same file can be chosen again
            void sendImages(files);
          }}
        />
        {uploading && <span className={styles.uploading}>{t('uploading')}</span>}
      </div>
      <Input.TextArea
        ref={textArea}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        placeholder={t('inputPlaceholder')}
        aria-label={t('messageInput')}
        maxLength={MAX_MESSAGE_LENGTH}
        autoFocus
        autoSize={{ minRows: 3, maxRows: 6 }}
        variant="borderless"
        className={styles.input}
        data-testid="chat-input"
      />
      <div className={styles.sendRow}>
        <Button type="primary" onClick={send} disabled={!value.trim()} data-testid="chat-send">
          {t('send')}
        </Button>
      </div>
    </div>
  );
}
