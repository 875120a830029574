// App-scan sign-in: a QR code of a ticket from GET /api/oauth/codeCertificate; the page asks
// GET /api/oauth/codeCertificateStatus/{ticket} every 2 s; when the phone confirms (status 2) the answer carries
// the token, and the page signs in with it. An expired or cancelled ticket offers a refresh. Loaded only when
// this tab is chosen, with the QR code library, so that the sign-in page stays light.
import { CheckCircleFilled, ReloadOutlined } from '@ant-design/icons';
import { Spin } from 'antd';
import QRCode from 'qrcode';
import { useCallback, useEffect, useState } from 'react';
import { fetchCodeCertificate, fetchCodeCertificateStatus } from '../../../platform/api/oauth';
import { SCAN_POLL_INTERVAL_MS } from '../../../platform/config';
import styles from './ScanLogin.module.css';
import { isPolling, stepOf, type ScanPhase } from './scanState';
import { useScanText } from './scanTexts';

const QR_SIZE_PX = 180;

interface ScanLoginProps {
  /** Signs in with the token the phone confirmed; rejects when the session cannot be loaded. */
  onToken: (token: string, theme: string | undefined) => Promise<void>;
}

export default function ScanLogin({ onToken }: ScanLoginProps) {
  const text = useScanText();
  const [phase, setPhase] = useState<ScanPhase>({ kind: 'loading' });
  const [image, setImage] = useState('');

  const start = useCallback(async () => {
    setPhase({ kind: 'loading' });
    try {
      const { data: ticket } = await fetchCodeCertificate();
      if (!ticket) throw new Error('no ticket');
      setImage(await QRCode.toDataURL(ticket, { width: QR_SIZE_PX, margin: 1 }));
      setPhase({ kind: 'waiting', ticket });
    } catch {
      setPhase({ kind: 'expired' }); // reported by the request layer; the refresh link tries again
    }
  }, []);

  useEffect(() => {
    void start();
  }, [start]);

  const ticket = isPolling(phase) ? phase.ticket : null;
  useEffect(() => {
    if (!ticket) return;
    const controller = new AbortController();
    const timer = window.setInterval(async () => {
      try {
        const { data } = await fetchCodeCertificateStatus(ticket, controller.signal);
        if (controller.signal.aborted) return;
        const step = stepOf(ticket, data);
        setPhase((current) => (isPolling(current) && current.ticket === ticket ? step.next : current));
        if (step.token) {
          controller.abort();
          onToken(step.token, step.theme).catch(() => setPhase({ kind: 'expired' }));
        }
      } catch {
        // a failed poll has been reported; the next one tries again
      }
    }, SCAN_POLL_INTERVAL_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [ticket, onToken]);

  const over = phase.kind === 'expired' || phase.kind === 'cancelled';
  return (
    <div className={styles.scan} data-scan-phase={phase.kind}>
      <div className={styles.qrBox}>
        {phase.kind === 'loading' ? (
          <Spin />
        ) : (
          image && <img src={image} alt={text('qrAlt')} width={QR_SIZE_PX} height={QR_SIZE_PX} />
        )}
        {(over || phase.kind === 'scanned' || phase.kind === 'signingIn') && (
          <div className={styles.qrMask}>
            {over ? (
              <>
                <span>{phase.kind === 'expired' ? text('expired') : text('cancelled')}</span>
                <button type="button" className={styles.qrRefresh} onClick={() => void start()}>
                  <ReloadOutlined /> {text('refresh')}
                </button>
              </>
            ) : (
              <span>
                <CheckCircleFilled className={styles.qrOk} />{' '}
                {phase.kind === 'scanned' ? text('scanned') : text('signingIn')}
              </span>
            )}
          </div>
        )}
      </div>
      <p className={styles.scanTip}>{text('scanTip')}</p>
    </div>
  );
}
