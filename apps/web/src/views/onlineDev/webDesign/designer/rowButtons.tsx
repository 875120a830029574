// The small buttons of the designer's editable lists: an icon button on a row (move, add a child, remove) and the
// dashed button that adds a row below the list.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { MouseEvent, ReactNode } from 'react';

export function RowButton({
  label,
  icon,
  onClick,
  disabled,
  danger,
  tooltip = false,
}: {
  label: string;
  icon: ReactNode;
  onClick: (event: MouseEvent<HTMLElement>) => void;
  disabled?: boolean;
  danger?: boolean;
  /** the label also shows as a tooltip */
  tooltip?: boolean;
}) {
  const button = (
    <Button
      size="small"
      type="text"
      danger={danger}
      icon={icon}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    />
  );
  return tooltip ? <Tooltip title={label}>{button}</Tooltip> : button;
}

export function RemoveRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return <RowButton danger icon={<DeleteOutlined />} label={label} onClick={onClick} />;
}

export function AddRowButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={onClick}>
      {children}
    </Button>
  );
}
