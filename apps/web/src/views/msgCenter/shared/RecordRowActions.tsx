// The actions of a row of the message centre lists: edit, enable or disable, delete, and under "more" copy
// and the detail. A system record's edit and delete show but cannot be used (a tooltip says why); it has no
// state switch. Each button is there only with its permission.
import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, Tooltip, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { kitTexts } from '../../../components/admin';
import { Auth, useAuth } from '../../../platform/auth/Auth';
import { isSystem } from './format';
import { sharedTexts } from './texts';

export interface RecordRow {
  id: string;
  templateType: string;
  enabledMark: number;
}

export interface RecordRowActionsProps {
  row: RecordRow;
  /** why a system record's edit and delete cannot be used */
  readOnlyTip: string;
  onEdit: () => void;
  onToggle: () => void;
  onRemove: () => void;
  onCopy: () => void;
  onDetail: () => void;
}

export function RecordRowActions({
  row,
  readOnlyTip,
  onEdit,
  onToggle,
  onRemove,
  onCopy,
  onDetail,
}: RecordRowActionsProps) {
  const t = sharedTexts.useText();
  const k = kitTexts.useText();
  const canAdd = useAuth('btn_add');
  const canEdit = useAuth('btn_edit');
  const system = isSystem(row);
  const guarded = (button: ReactNode) => (system ? <Tooltip title={readOnlyTip}>{button}</Tooltip> : button);
  const moreItems: MenuProps['items'] = [
    ...(canAdd ? [{ key: 'copy', label: t('copy') }] : []),
    { key: 'detail', label: t('detail') },
  ];

  return (
    <Space size={0}>
      <Auth code="btn_edit">
        {guarded(
          <Button type="link" size="small" disabled={system} onClick={onEdit}>
            {k('edit')}
          </Button>,
        )}
      </Auth>
      {canEdit && !system && (
        <Button type="link" size="small" onClick={onToggle}>
          {row.enabledMark === 1 ? k('disable') : k('enable')}
        </Button>
      )}
      <Auth code="btn_remove">
        {guarded(
          <Button type="link" size="small" danger disabled={system} onClick={onRemove}>
            {k('remove')}
          </Button>,
        )}
      </Auth>
      <Dropdown
        trigger={['click']}
        menu={{ items: moreItems, onClick: ({ key }) => (key === 'copy' ? onCopy() : onDetail()) }}
      >
        <Button type="link" size="small">
          {k('more')} <DownOutlined />
        </Button>
      </Dropdown>
    </Space>
  );
}
