// The application size dialog: default, medium, small or mini; applied through antd's
// seed tokens (input heights 40, 36, 32, 28) and kept with the other preferences.
import { Modal, Radio } from 'antd';
import { useEffect, useState } from 'react';
import {
  FONT_SIZE_METRICS,
  FONT_SIZES,
  updatePreferences,
  usePreferences,
  type FontSize,
} from '../../platform/preferences';
import { useShellText } from '../texts';
import styles from './FontSizeDialog.module.css';

const LABEL_KEYS = {
  default: 'fontSizeDefault',
  medium: 'fontSizeMedium',
  small: 'fontSizeSmall',
  mini: 'fontSizeMini',
} as const satisfies Record<FontSize, string>;

export default function FontSizeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const text = useShellText();
  const fontSize = usePreferences((state) => state.fontSize);
  const [choice, setChoice] = useState<FontSize>(fontSize);
  useEffect(() => {
    if (open) setChoice(fontSize);
  }, [open, fontSize]);

  return (
    <Modal
      open={open}
      title={text('fontSize')}
      width={480}
      onCancel={onClose}
      onOk={() => {
        updatePreferences({ fontSize: choice });
        onClose();
      }}
    >
      <Radio.Group className={styles.options} value={choice} onChange={(event) => setChoice(event.target.value)}>
        {FONT_SIZES.map((size) => {
          const metrics = FONT_SIZE_METRICS[size];
          return (
            <Radio key={size} value={size} className={styles.option}>
              <span className={styles.label}>{text(LABEL_KEYS[size])}</span>
              <span className={styles.sample} style={{ height: metrics.controlHeight, fontSize: metrics.fontSize }}>
                {text('fontSizeSample')}
              </span>
              <span className={styles.hint}>{text('fontSizeHint', { n: metrics.controlHeight })}</span>
            </Radio>
          );
        })}
      </Radio.Group>
    </Modal>
  );
}
