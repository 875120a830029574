// Where a record's form or detail opens, as the design says (formData.popupType): a dialog of generalWidth
// (general), a drawer of drawerWidth (drawer) or a dialog over the whole window whose content is
// fullScreenWidth wide (fullScreen). A dialog or drawer set in pixels narrower than the form's widest sub-table
// grows to show all its columns, within the window (the table scrolls sideways only when the window is too
// narrow): otherwise the columns past the first few hide behind a sideways scroll.
import type { FormDataJson } from '@jnpf/core';
import { Drawer, Modal, Space } from 'antd';
import type { ReactNode } from 'react';
import { DIALOG_STYLES } from '../../components/admin/FormDialog';
import { widestSubTable } from '../../widgets';

const GENERAL_WIDTH = '600px';
const DRAWER_WIDTH = '600px';
/** the dialog's or drawer's padding either side of the form */
const FRAME_PADDING = 52;
/** the room the window keeps beside a grown dialog or drawer */
const WINDOW_MARGIN = 32;

/** the width set, or (set in pixels and too narrow for the widest sub-table) the width that table needs */
export function frameWidth(set: string | undefined, fallback: string, formData: FormDataJson): string {
  const width = set || fallback;
  const match = /^(\d+(?:\.\d+)?)(px)?$/.exec(width.trim());
  const needed = widestSubTable(Array.isArray(formData.fields) ? formData.fields : []) + FRAME_PADDING;
  if (!match || Number(match[1]) >= needed) return width;
  return `min(${needed}px, calc(100vw - ${WINDOW_MARGIN}px))`;
}

export interface PopupFrameProps {
  formData: FormDataJson;
  title: ReactNode;
  footer: ReactNode;
  onClose: () => void;
  children: ReactNode;
}

export function PopupFrame({ formData, title, footer, onClose, children }: PopupFrameProps) {
  const buttons = <Space size={8}>{footer}</Space>;
  // what every kind of popup shares: open while shown, its title, not closed by a click outside
  const common = { open: true, title, mask: { closable: false } } as const;
  switch (formData.popupType) {
    case 'drawer':
      return (
        <Drawer
          {...common}
          size={frameWidth(formData.drawerWidth, DRAWER_WIDTH, formData)}
          onClose={onClose}
          footer={<div style={{ textAlign: 'right' }}>{buttons}</div>}
        >
          {children}
        </Drawer>
      );
    case 'fullScreen':
      return (
        <Modal
          {...common}
          width="100vw"
          style={{ top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 }}
          styles={{ body: { minHeight: 'calc(100vh - 120px)' } }}
          onCancel={onClose}
          footer={buttons}
        >
          <div style={{ width: formData.fullScreenWidth || '100%', maxWidth: '100%', margin: '0 auto' }}>
            {children}
          </div>
        </Modal>
      );
    default:
      return (
        <Modal
          {...common}
          width={frameWidth(formData.generalWidth, GENERAL_WIDTH, formData)}
          onCancel={onClose}
          footer={buttons}
          // within the window like every form dialog: the fields scroll, the buttons stay
          styles={DIALOG_STYLES}
        >
          {children}
        </Modal>
      );
  }
}
