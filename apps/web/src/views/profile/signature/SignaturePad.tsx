// A drawing pad for a handwritten signature: pointer events on a canvas (mouse, pen and touch), sharp on
// high-density screens, exported as a PNG data URL. The hint disappears once drawing starts.
import { useEffect, useImperativeHandle, useRef, useState, type PointerEvent, type Ref } from 'react';
import styles from './SignaturePad.module.css';

export interface SignaturePadHandle {
  clear(): void;
  isEmpty(): boolean;
  /** The drawing as a PNG data URL (transparent background). */
  toDataURL(): string;
}

interface SignaturePadProps {
  ref?: Ref<SignaturePadHandle>;
  width: number;
  height: number;
  hint: string;
  /** Called when the first stroke starts. */
  onBegin?: () => void;
  lineWidth?: number;
  color?: string;
}

interface Point {
  x: number;
  y: number;
}

export default function SignaturePad({
  ref,
  width,
  height,
  hint,
  onBegin,
  lineWidth = 2.5,
  color = '#000',
}: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const last = useRef<Point | null>(null);
  const [empty, setEmpty] = useState(true);

  const context = () => canvasRef.current?.getContext('2d') ?? null;

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const ratio = Math.max(1, window.devicePixelRatio || 1);
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.lineWidth = lineWidth;
    ctx.strokeStyle = color;
    ctx.fillStyle = color;
    setEmpty(true);
  }, [width, height, lineWidth, color]);

  useImperativeHandle(
    ref,
    () => ({
      clear() {
        const ctx = context();
        ctx?.clearRect(0, 0, width, height);
        setEmpty(true);
      },
      isEmpty: () => empty,
      toDataURL: () => canvasRef.current?.toDataURL('image/png') ?? '',
    }),
    [empty, width, height],
  );

  /** The pointer's position in drawing units (the canvas may be shown scaled). */
  const pointOf = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    const scaleX = rect.width ? width / rect.width : 1;
    const scaleY = rect.height ? height / rect.height : 1;
    return { x: (event.clientX - rect.left) * scaleX, y: (event.clientY - rect.top) * scaleY };
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const ctx = context();
    if (!ctx) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drawing.current = true;
    const point = pointOf(event);
    last.current = point;
    // A tap leaves a dot.
    ctx.beginPath();
    ctx.arc(point.x, point.y, lineWidth / 2, 0, Math.PI * 2);
    ctx.fill();
    if (empty) {
      setEmpty(false);
      onBegin?.();
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current || !last.current) return;
    const ctx = context();
    if (!ctx) return;
    const point = pointOf(event);
    ctx.beginPath();
    ctx.moveTo(last.current.x, last.current.y);
    ctx.lineTo(point.x, point.y);
    ctx.stroke();
    last.current = point;
  };

  const end = () => {
    drawing.current = false;
    last.current = null;
  };

  return (
    <div className={styles.pad} style={{ width, height }}>
      <canvas
        ref={canvasRef}
        className={styles.canvas}
        style={{ width, height }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={end}
        onPointerCancel={end}
        onPointerLeave={(event) => {
          if (!event.currentTarget.hasPointerCapture?.(event.pointerId)) end();
        }}
        data-testid="signature-canvas"
      />
      {empty && (
        <div className={styles.hint} aria-hidden>
          {hint}
        </div>
      )}
    </div>
  );
}
