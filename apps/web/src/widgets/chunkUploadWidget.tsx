// The chunked uploader (uploadFz 大文件上传): each chosen file is checked against the field's limit, size and
// types (uploadProblem, as the file field), hashed while it waits paused (文件校验中), then sent chunk by chunk
// under its content hash, one file at a time, the others waiting. A file can be paused, resumed, retried after a
// failure and removed; a resumed file — or the same file chosen again after the page was reloaded — sends only
// the chunks the server does not hold (the test call of chunkUpload). Progress stays below 100% until the merge
// answers. The value is the list of stored files, as the file field's (same lines, same detail, same server check).
import {
  CaretRightOutlined,
  DeleteOutlined,
  LoadingOutlined,
  PauseOutlined,
  PaperClipOutlined,
  RedoOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { uploadTypeOf } from '@jnpf/core';
import { Button, Progress } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { fileSizeText } from '../components/attachments/files';
import { mayRetry, uploadFile, wasCancelled, type UploadedFile } from '../platform/chunkUpload';
import { REQUEST_ERROR_TOAST_SECONDS } from '../platform/config';
import { feedback } from '../platform/feedback';
import { FileReadError, hashFile } from '../platform/fileHash';
import { wasNotified } from '../platform/request';
import { widgetTexts } from './texts';
import type { InputWidgetProps } from './types';
import { DownloadAllButton, FileChooser, FileLine, filesOf, storageOptionsOf, uploadProblem } from './uploadWidgets';
import styles from './Upload.module.css';

/** files sent at once; the others wait (each file sends three chunks at once) */
const FILES_AT_ONCE = 1;
/** how long a finished file shows 上传成功 in the queue before it is only a line of the value */
export const SUCCESS_SHOWN_MS = 1500;

/** a chosen file in the queue, with simple-uploader's flags */
export interface QueuedFile {
  uid: string;
  file: File;
  /** the content hash, once computed */
  identifier: string | null;
  /** its hash is being computed (it is paused meanwhile) */
  checking: boolean;
  complete: boolean;
  error: boolean;
  uploading: boolean;
  paused: boolean;
  /** whole percent, below 100 until the merge answered */
  percent: number;
  /** the stored file, once complete */
  stored?: UploadedFile;
}

export type QueueStatus = 'success' | 'error' | 'uploading' | 'paused' | 'waiting';

/** the reference's derived status: success when complete, else error, else uploading, else paused, else waiting */
export function statusOf(item: Pick<QueuedFile, 'complete' | 'error' | 'uploading' | 'paused'>): QueueStatus {
  if (item.complete) return 'success';
  if (item.error) return 'error';
  if (item.uploading) return 'uploading';
  if (item.paused) return 'paused';
  return 'waiting';
}

const STATUS_TEXT = {
  success: 'uploadSucceeded',
  error: 'uploadFailed',
  uploading: 'uploadUploading',
  paused: 'uploadPaused',
  waiting: 'uploadWaiting',
} as const;

export function ChunkUploadWidget({ field, id, value, onChange, disabled }: InputWidgetProps) {
  const t = widgetTexts.useText();
  const files = filesOf(value);
  const off = disabled || field.disabled === true;
  // the queue is kept in a ref, read and changed synchronously by the upload callbacks; a render follows each change
  const queue = useRef<QueuedFile[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const [, rendered] = useState(0);
  // uploads end after later renders: each adds to the field's newest value
  const latest = useRef({ files, onChange });
  latest.current = { files, onChange };

  const change = (uid: string, patch: Partial<QueuedFile>) => {
    queue.current = queue.current.map((item) => (item.uid === uid ? { ...item, ...patch } : item));
    rendered((n) => n + 1);
  };
  const drop = (uid: string) => {
    controllers.current.get(uid)?.abort();
    controllers.current.delete(uid);
    queue.current = queue.current.filter((item) => item.uid !== uid);
    rendered((n) => n + 1);
  };
  const itemOf = (uid: string) => queue.current.find((item) => item.uid === uid);

  // leaving the form pauses everything: the chunks stay on the server for the same file chosen again
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const send = async (uid: string) => {
    const item = itemOf(uid)!;
    const controller = new AbortController();
    controllers.current.set(uid, controller);
    change(uid, { uploading: true, error: false });
    // a pause, a remove or a newer start replaced this run: it no longer speaks for the file
    const current = () => controllers.current.get(uid) === controller;
    try {
      const stored = await uploadFile(item.file, {
        type: uploadTypeOf(field.__config__.jnpfKey),
        identifier: item.identifier!,
        storage: storageOptionsOf(field),
        signal: controller.signal,
        onProgress: (percent) => current() && change(uid, { percent }),
      });
      if (!current()) return;
      controllers.current.delete(uid);
      change(uid, { complete: true, uploading: false, percent: 100, stored });
      const next = [...latest.current.files, stored];
      latest.current.files = next;
      latest.current.onChange?.(next);
      setTimeout(() => itemOf(uid)?.complete && drop(uid), SUCCESS_SHOWN_MS);
    } catch (error) {
      if (!current() || wasCancelled(error)) return;
      controllers.current.delete(uid);
      if (mayRetry(error)) {
        // the network failed for good (after the chunk retries): the file stays, to be retried
        change(uid, { uploading: false, error: true });
      } else {
        // refused by the server: its message, and the file is cancelled
        if (!wasNotified(error))
          feedback.error(error instanceof Error ? error.message : t('uploadFailed'), REQUEST_ERROR_TOAST_SECONDS);
        drop(uid);
      }
    } finally {
      pump();
    }
  };

  /** starts waiting files while fewer than FILES_AT_ONCE are sent */
  const pump = () => {
    let running = queue.current.filter((item) => item.uploading).length;
    for (const item of queue.current) {
      if (running >= FILES_AT_ONCE) return;
      if (statusOf(item) === 'waiting' && !item.checking && item.identifier) {
        running++;
        void send(item.uid);
      }
    }
  };

  const add = async (file: File) => {
    const pending = queue.current.filter((item) => !item.complete).length;
    const problem = uploadProblem(field, file, files.length + pending, widgetTexts.text);
    if (problem) {
      feedback.error(problem, REQUEST_ERROR_TOAST_SECONDS);
      return;
    }
    const uid = `${Date.now()}-${Math.random()}`;
    const checking = new AbortController();
    controllers.current.set(uid, checking);
    queue.current = [
      ...queue.current,
      {
        uid,
        file,
        identifier: null,
        checking: true,
        complete: false,
        error: false,
        uploading: false,
        paused: true,
        percent: 0,
      },
    ];
    rendered((n) => n + 1);
    let identifier: string;
    try {
      identifier = await hashFile(file, { signal: checking.signal });
    } catch (error) {
      if (error instanceof FileReadError) {
        feedback.error(t('uploadReadError', { name: file.name }), REQUEST_ERROR_TOAST_SECONDS);
        drop(uid);
      }
      // else removed while it was checked
      return;
    }
    if (controllers.current.get(uid) !== checking) return;
    controllers.current.delete(uid);
    // the same file twice in the queue would send the same chunks twice: the second is left out
    if (queue.current.some((item) => item.uid !== uid && item.identifier === identifier && !item.complete)) {
      drop(uid);
      return;
    }
    change(uid, { identifier, checking: false, paused: false });
    pump();
  };

  const pause = (uid: string) => {
    controllers.current.get(uid)?.abort();
    controllers.current.delete(uid);
    change(uid, { paused: true, uploading: false });
    pump();
  };
  const resume = (uid: string) => {
    change(uid, { paused: false, error: false });
    pump();
  };
  const removeStored = (index: number) => onChange?.(files.filter((_, i) => i !== index));

  const limit = Number(field.limit) > 0 ? Number(field.limit) : 0;
  const inQueue = queue.current.filter((item) => !item.complete).length;
  const full = limit > 0 && files.length + inQueue >= limit;
  // a file that just finished shows in the queue (上传成功) for a moment, not twice
  const shownInQueue = new Set(queue.current.flatMap((item) => (item.stored ? [item.stored.fileId] : [])));
  const action = (label: string, name: string, icon: React.ReactNode, onClick: () => void, danger = false) => (
    <Button
      type="text"
      size="small"
      danger={danger}
      icon={icon}
      aria-label={`${label} ${name}`}
      title={label}
      onClick={onClick}
    />
  );

  return (
    <div className={styles.field}>
      {(!off || files.length > 0) && (
        <div className={styles.actions}>
          {!off && (
            <FileChooser id={id} field={field} disabled={full} onFile={(file) => void add(file)}>
              <Button icon={<UploadOutlined />} disabled={full}>
                {typeof field.buttonText === 'string' && field.buttonText ? field.buttonText : t('uploadButton')}
              </Button>
            </FileChooser>
          )}
          {files.length > 0 && <DownloadAllButton files={files} />}
        </div>
      )}
      {(files.length > 0 || queue.current.length > 0) && (
        <ul className={styles.lines} aria-label={field.__config__.label}>
          {files.map((file, index) =>
            shownInQueue.has(file.fileId) ? null : (
              <FileLine key={file.fileId} file={file} onRemove={off ? undefined : () => removeStored(index)} />
            ),
          )}
          {queue.current.map((item) => {
            const status = statusOf(item);
            const name = item.file.name;
            return (
              <li key={item.uid} className={styles.line} aria-label={name} data-status={status}>
                {item.checking || status === 'uploading' ? <LoadingOutlined /> : <PaperClipOutlined />}
                <span className={styles.name}>{name}</span>
                <span className={styles.hint}>{fileSizeText(item.file.size)}</span>
                <Progress
                  percent={item.percent}
                  size="small"
                  className={styles.progress}
                  status={status === 'error' ? 'exception' : status === 'success' ? 'success' : 'normal'}
                />
                <span className={styles.hint} role="status">
                  {item.checking ? t('uploadChecking') : t(STATUS_TEXT[status])}
                </span>
                {!item.checking &&
                  (status === 'uploading' || status === 'waiting') &&
                  action(t('uploadPause'), name, <PauseOutlined />, () => pause(item.uid))}
                {!item.checking &&
                  status === 'paused' &&
                  action(t('uploadResume'), name, <CaretRightOutlined />, () => resume(item.uid))}
                {status === 'error' && action(t('uploadRetry'), name, <RedoOutlined />, () => resume(item.uid))}
                {status !== 'success' &&
                  action(t('uploadRemove'), name, <DeleteOutlined />, () => drop(item.uid), true)}
              </li>
            );
          })}
        </ul>
      )}
      {typeof field.tipText === 'string' && field.tipText && <div className={styles.hint}>{field.tipText}</div>}
    </div>
  );
}
