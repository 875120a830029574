// The menu list declared in one place: its data columns, the tail without a creation time (menus carry none),
// and the permission items a menu's 更多 opens.
import { Tag, type TableColumnsType } from 'antd';
import type { CrudFrameProps } from '../../../components/crud/CrudList';
import type { QueryList } from '../../../components/crud/useQueryList';
import type { ItemKind, MenuRow } from './api';
import { texts } from './texts';

export function useMenuColumns(): TableColumnsType<MenuRow> {
  const t = texts.useText();
  return [
    { title: t('fullName'), dataIndex: 'fullName', width: 220, ellipsis: true },
    { title: t('enCode'), dataIndex: 'enCode', width: 180, ellipsis: true },
    {
      title: t('type'),
      dataIndex: 'type',
      width: 90,
      align: 'center',
      render: (type: number) => <Tag>{t(`type${type}` as 'type1')}</Tag>,
    },
    { title: t('urlAddress'), dataIndex: 'urlAddress', width: 220, ellipsis: true },
  ];
}

export const MENU_TAIL: CrudFrameProps<MenuRow, QueryList<MenuRow>>['tail'] = { creatorTime: false };

/** the permission items of a menu, each open only where the menu turns that permission on */
export function useItemKinds(): { kind: ItemKind; label: string; flag: keyof MenuRow }[] {
  const t = texts.useText();
  return [
    { kind: 'button', label: t('buttonAuth'), flag: 'isButtonAuthorize' },
    { kind: 'column', label: t('columnAuth'), flag: 'isColumnAuthorize' },
    { kind: 'form', label: t('formAuth'), flag: 'isFormAuthorize' },
    { kind: 'scheme', label: t('dataAuth'), flag: 'isDataAuthorize' },
    { kind: 'field', label: t('fieldAuth'), flag: 'isDataAuthorize' },
  ];
}
