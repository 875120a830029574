// Where a record's form or detail opens, as the design says (formData.popupType): a dialog of generalWidth
// (general), a drawer of drawerWidth (drawer) or a dialog over the whole window whose content is
// fullScreenWidth wide (fullScreen).
import type { FormDataJson } from '@jnpf/core';
import { Drawer, Modal, Space } from 'antd';
import type { ReactNode } from 'react';
import { DIALOG_STYLES } from '../../components/admin/FormDialog';

const GENERAL_WIDTH = '600px';
const DRAWER_WIDTH = '600px';

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
          size={formData.drawerWidth || DRAWER_WIDTH}
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
          width={formData.generalWidth || GENERAL_WIDTH}
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
