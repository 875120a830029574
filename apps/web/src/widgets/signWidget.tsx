// The handwritten signature field (手写签名, jnpfKey sign): a 600 px dialog with a 560×300 pad whose hint hides once
// drawing starts; confirm with nothing drawn says 请签名. The drawing, or a signature chosen from the user's saved
// signatures and the seals they may use, is stored as a picture through the upload, and the value is the picture's
// address. The detail and list show the picture.
import { EditOutlined } from '@ant-design/icons';
import { SIGN_CANVAS, SIGN_DIALOG_WIDTH, SIGN_STORE } from '@jnpf/core';
import { Button, Empty, Image, Modal, Spin, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useAttachmentImage } from '../components/attachments/files';
import { uploadFile } from '../platform/chunkUpload';
import { feedback } from '../platform/feedback';
import { http } from '../platform/request';
import styles from './SignLocation.module.css';
import { signLocationTexts } from './signLocationTexts';
import type { DetailWidgetProps, InputWidgetProps, MockProps } from './types';

/** the picture a signature value shows (the token is needed, so it is fetched as a blob) */
export function SignImage({ url, width = 120, height = 60 }: { url: string; width?: number; height?: number }) {
  const t = signLocationTexts.useText();
  const { src, failed } = useAttachmentImage(url);
  if (failed) return <Typography.Text type="secondary">{url}</Typography.Text>;
  if (!src) return <Spin size="small" />;
  return (
    <Image
      src={src}
      alt={t('signImage')}
      width={width}
      height={height}
      style={{ objectFit: 'contain', background: '#fff' }}
    />
  );
}

/** a data URL as a picture file to upload */
export function dataUrlFile(dataUrl: string, name: string): File {
  const [head = '', body = ''] = dataUrl.split(',');
  const type = /^data:([^;]+)/.exec(head)?.[1] ?? 'image/png';
  const bytes = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
  const extension = type === 'image/jpeg' ? 'jpg' : 'png';
  return new File([bytes], `${name}.${extension}`, { type });
}

/** stores the picture through the upload (the picture store); resolves with its address */
async function storePicture(file: File): Promise<string> {
  const stored = await uploadFile(file, { type: SIGN_STORE });
  return stored.url;
}

function canvasFile(canvas: HTMLCanvasElement): Promise<File> {
  return new Promise((resolve, reject) => {
    if (typeof canvas.toBlob !== 'function') return reject(new Error('no canvas'));
    canvas.toBlob(
      (blob) => (blob ? resolve(new File([blob], 'sign.png', { type: 'image/png' })) : reject()),
      'image/png',
    );
  });
}

/** the pad: a white 560×300 canvas drawn on with the pointer */
function SignPad({
  onDrawn,
  canvasRef,
}: {
  onDrawn: () => void;
  canvasRef: React.RefObject<HTMLCanvasElement | null>;
}) {
  const t = signLocationTexts.useText();
  const drawing = useRef(false);
  const context = () => canvasRef.current?.getContext('2d') ?? null;
  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const scaleX = box.width ? SIGN_CANVAS.width / box.width : 1;
    const scaleY = box.height ? SIGN_CANVAS.height / box.height : 1;
    return { x: (event.clientX - box.left) * scaleX, y: (event.clientY - box.top) * scaleY };
  };
  return (
    <canvas
      ref={canvasRef}
      width={SIGN_CANVAS.width}
      height={SIGN_CANVAS.height}
      aria-label={t('signPad')}
      data-testid="sign-pad"
      style={{
        width: '100%',
        maxWidth: SIGN_CANVAS.width,
        aspectRatio: `${SIGN_CANVAS.width} / ${SIGN_CANVAS.height}`,
        touchAction: 'none',
        display: 'block',
      }}
      onPointerDown={(event) => {
        drawing.current = true;
        event.currentTarget.setPointerCapture?.(event.pointerId);
        const ctx = context();
        const p = point(event);
        if (ctx) {
          ctx.lineWidth = 3;
          ctx.lineCap = 'round';
          ctx.lineJoin = 'round';
          ctx.strokeStyle = '#000';
          ctx.beginPath();
          ctx.moveTo(p.x, p.y);
        }
        onDrawn();
      }}
      onPointerMove={(event) => {
        if (!drawing.current) return;
        const ctx = context();
        const p = point(event);
        if (ctx) {
          ctx.lineTo(p.x, p.y);
          ctx.stroke();
        }
      }}
      onPointerUp={() => (drawing.current = false)}
      onPointerLeave={() => (drawing.current = false)}
    />
  );
}

interface SavedSignature {
  id: string;
  signImg: string;
  isDefault: number;
}
interface Seal {
  id: string;
  fullName: string;
  icon: string;
}

/** the user's saved signatures and the seals they may use (their pictures as data URLs) */
function SignaturePicker({
  open,
  onClose,
  onPick,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (dataUrl: string) => void;
}) {
  const t = signLocationTexts.useText();
  const mine = useQuery({
    queryKey: ['widgets', 'sign', 'mine'],
    enabled: open,
    queryFn: async () => (await http.get<SavedSignature[]>('/api/permission/Users/Current/SignImg')).data ?? [],
  });
  const seals = useQuery({
    queryKey: ['widgets', 'sign', 'seals'],
    enabled: open,
    queryFn: async () => (await http.get<{ list: Seal[] }>('/api/system/Signature/Selector')).data?.list ?? [],
  });
  const options = [
    ...(mine.data ?? []).map((s, i) => ({
      key: `mine-${s.id}`,
      name: `${t('signMine')} ${i + 1}`,
      icon: s.signImg,
      isDefault: s.isDefault === 1,
    })),
    // only pictures held as data: a seal stored as a path is not offered
    ...(seals.data ?? [])
      .filter((s) => s.icon.startsWith('data:image/'))
      .map((s) => ({ key: `seal-${s.id}`, name: s.fullName, icon: s.icon, isDefault: false })),
  ];
  return (
    <Modal
      open={open}
      title={t('signPickTitle')}
      width={SIGN_DIALOG_WIDTH}
      footer={null}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {mine.isLoading || seals.isLoading ? (
        <Spin />
      ) : options.length ? (
        <ul className={styles.signatures}>
          {options.map((option) => (
            <li key={option.key} className={styles.signature}>
              <img src={option.icon} alt={option.name} width={100} height={50} className={styles.signatureImage} />
              <span className={styles.signatureName}>{option.name}</span>
              {option.isDefault && <Tag color="blue">{t('signDefault')}</Tag>}
              <Button type="link" onClick={() => onPick(option.icon)} aria-label={`${t('signPick')} ${option.name}`}>
                {t('signConfirm')}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <Empty description={t('signNone')} />
      )}
    </Modal>
  );
}

export function SignWidget({ field, id, value, onChange, disabled }: InputWidgetProps) {
  const t = signLocationTexts.useText();
  const off = disabled || field.disabled === true;
  const url = typeof value === 'string' && value ? value : '';
  const [open, setOpen] = useState(false);
  const [picking, setPicking] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const [saving, setSaving] = useState(false);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);

  // the dialog opens with a cleared pad and its hint
  useEffect(() => {
    if (!open) return;
    setDrawn(false);
    const canvas = canvasRef.current;
    canvas?.getContext('2d')?.clearRect(0, 0, SIGN_CANVAS.width, SIGN_CANVAS.height);
  }, [open]);

  const clear = () => {
    canvasRef.current?.getContext('2d')?.clearRect(0, 0, SIGN_CANVAS.width, SIGN_CANVAS.height);
    setDrawn(false);
  };
  const save = async (file: Promise<File>) => {
    setSaving(true);
    try {
      onChange?.(await storePicture(await file));
      setOpen(false);
      setPicking(false);
    } catch {
      // a failed save closes the dialog quietly, as the reference's does (the value stays as it was)
      setOpen(false);
      setPicking(false);
    } finally {
      setSaving(false);
    }
  };
  const confirm = () => {
    const canvas = canvasRef.current;
    if (!drawn || !canvas) return feedback.error(t('signEmpty'));
    void save(canvasFile(canvas));
  };

  return (
    <div id={id} className={styles.field}>
      {url && <SignImage url={url} />}
      {!off && (
        <Button icon={<EditOutlined />} onClick={() => setOpen(true)}>
          {t('signTip')}
        </Button>
      )}
      {url && !off && field.clearable !== false && (
        <Button type="link" onClick={() => onChange?.('')}>
          {t('signRemove')}
        </Button>
      )}
      <Modal
        open={open}
        title={t('signTitle')}
        width={SIGN_DIALOG_WIDTH}
        mask={{ closable: false }}
        keyboard={false}
        onCancel={() => setOpen(false)}
        forceRender
        footer={[
          <Button key="pick" onClick={() => setPicking(true)} disabled={saving}>
            {t('signPick')}
          </Button>,
          <Button key="clear" onClick={clear} disabled={saving}>
            {t('signClear')}
          </Button>,
          <Button key="ok" type="primary" loading={saving} onClick={confirm}>
            {t('signConfirm')}
          </Button>,
        ]}
      >
        <div className={styles.padBox}>
          <SignPad canvasRef={canvasRef} onDrawn={() => setDrawn(true)} />
          {!drawn && (
            <div data-testid="sign-hint" className={styles.hint}>
              {t('signHint')}
            </div>
          )}
        </div>
      </Modal>
      <SignaturePicker
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(dataUrl) => void save(Promise.resolve(dataUrlFile(dataUrl, 'sign')))}
      />
    </div>
  );
}

/** the detail: the picture, or nothing */
export function SignDetail({ display }: DetailWidgetProps) {
  return typeof display === 'string' && display ? <SignImage url={display} /> : null;
}

/** a list cell: a small picture */
export const signCell = (display: unknown) =>
  typeof display === 'string' && display ? <SignImage url={display} width={60} height={30} /> : '';

/** the canvas stand-in: the sign button */
export function SignMock(_props: MockProps) {
  const t = signLocationTexts.useText();
  return <Button icon={<EditOutlined />}>{t('signTip')}</Button>;
}
