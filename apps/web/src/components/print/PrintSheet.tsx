// Printed pages on screen: the printable document in a frame that runs no script (sandboxed; same origin only so
// that this page can ask it to print). What is printed is this very document, so the paper matches the preview.
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef } from 'react';
import styles from './print.module.css';

export interface PrintSheetHandle {
  /** opens the browser's print dialog for the pages; false when the frame is not ready */
  print: () => boolean;
}

interface Props {
  /** a whole document (printDocument) */
  html: string;
  title: string;
  className?: string;
}

const FIT_STYLE = 'print-sheet-fit';

export const PrintSheet = forwardRef<PrintSheetHandle, Props>(function PrintSheet({ html, title, className }, ref) {
  const frame = useRef<HTMLIFrameElement>(null);
  // a page wider than the frame is shown smaller to fit its width; on paper it keeps its size (screen only)
  const fit = useCallback(() => {
    const doc = frame.current?.contentDocument;
    const page = doc?.querySelector<HTMLElement>('.print-page');
    if (!doc || !page || !frame.current) return;
    let style = doc.getElementById(FIT_STYLE);
    if (!style) {
      style = doc.createElement('style');
      style.id = FIT_STYLE;
      doc.head.appendChild(style);
    }
    style.textContent = '';
    const scale = Math.min(1, (frame.current.clientWidth - 24) / (page.offsetWidth || 1));
    style.textContent = scale < 1 ? `@media screen{html{zoom:${scale.toFixed(3)}}}` : '';
  }, []);
  useEffect(() => {
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [fit]);
  useImperativeHandle(ref, () => ({
    print: () => {
      const win = frame.current?.contentWindow;
      if (!win) return false;
      win.focus();
      win.print();
      return true;
    },
  }));
  return (
    <iframe
      ref={frame}
      title={title}
      srcDoc={html}
      sandbox="allow-same-origin allow-modals"
      onLoad={fit}
      className={`${styles.sheet} ${className ?? ''}`}
    />
  );
});
