// Printed pages on screen: the printable document in a frame that runs no script (sandboxed; same origin only so
// that this page can ask it to print). What is printed is this very document, so the paper matches the preview.
import { forwardRef, useImperativeHandle, useRef } from 'react';
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

export const PrintSheet = forwardRef<PrintSheetHandle, Props>(function PrintSheet({ html, title, className }, ref) {
  const frame = useRef<HTMLIFrameElement>(null);
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
      className={`${styles.sheet} ${className ?? ''}`}
    />
  );
});

/** saves the pages as a Word document (.doc: HTML that Word opens, pictures inline) */
export function downloadWord(document: string, name: string) {
  const word = document.replace(
    '<html>',
    '<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word">',
  );
  const href = URL.createObjectURL(new Blob(['\ufeff', word], { type: 'application/msword' }));
  const link = window.document.createElement('a');
  link.href = href;
  link.download = name.toLowerCase().endsWith('.doc') ? name : `${name}.doc`;
  window.document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
