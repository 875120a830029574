// One labelled row of a property panel (the designer's field, container-part and widget panels): the label at the
// left in a 90 px column, the control, then a problem or a hint under it. Drawn by hand rather than with antd's
// Form.Item: each Form.Item is some ten components that measure themselves (offsetParent, computed styles), and a
// panel of twenty-odd of them, drawn again on each selection beside a 500-field canvas, cost most of a click.
// A problem still marks the control (red or amber border) through antd's own status context.
import { Form } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import styles from './PanelItem.module.css';

export interface PanelItemProps {
  label?: ReactNode;
  /** the id of the control the label points at */
  htmlFor?: string;
  /** a problem, shown under the control */
  help?: ReactNode;
  /** the problem's weight: error unless said (a warning is amber) */
  validateStatus?: 'error' | 'warning';
  /** a hint, shown under the control */
  extra?: ReactNode;
  style?: CSSProperties;
  children?: ReactNode;
}

export function PanelItem({ label, htmlFor, help, validateStatus, extra, style, children }: PanelItemProps) {
  const problem = help !== undefined && help !== null && help !== false && help !== '';
  const status = validateStatus ?? (problem ? 'error' : undefined);
  return (
    <div className={styles.item} style={style} data-panel-item="">
      {label !== undefined && (
        <div className={styles.label}>
          <label htmlFor={htmlFor} title={typeof label === 'string' ? label : undefined}>
            {label}
          </label>
        </div>
      )}
      <div className={styles.control}>
        <div className={styles.input}>
          <div className={styles.content}>
            {/* (noStyle: only the status context, no layout and no measuring) */}
            {status ? (
              <Form.Item noStyle validateStatus={status}>
                {children}
              </Form.Item>
            ) : (
              children
            )}
          </div>
        </div>
        {problem && (
          <div role="alert" className={status === 'warning' ? styles.warning : styles.error}>
            {help}
          </div>
        )}
        {extra !== undefined && extra !== null && <div className={styles.hint}>{extra}</div>}
      </div>
    </div>
  );
}
