// The horizontal menu of the functional and blend layouts. Each entry takes one slot of about
// 116 px; the entries that do not fit go under "More ...". The functional layout shows the whole tree in
// pop-ups; the blend layout shows the top entries only and hands the chosen one to its left menu.
import type { MenuItem } from '@jnpf/core';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { TOP_MENU_SLOT_PX } from '../../platform/config';
import { useShellText } from '../texts';
import { toEntries, toFlatEntries, type MenuEntries } from './menuEntries';
import styles from './TopMenu.module.css';
import { splitTopMenu } from './topMenuSplit';

/** Key of the virtual "More ..." entry; no route has this path. */
export const MORE_MENU_KEY = '/menuMore';

interface TopMenuProps {
  menus: readonly MenuItem[];
  /** The whole tree in pop-ups (functional), or the top entries only (blend). */
  mode: 'tree' | 'top';
  /** Keys to highlight: the active entry and its ancestors. */
  selectedKeys: string[];
  dark: boolean;
  onSelect: (menuId: string) => void;
}

function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

export default function TopMenu({ menus, mode, selectedKeys, dark, onSelect }: TopMenuProps) {
  const { i18n } = useTranslation();
  const text = useShellText();
  const { ref, width } = useWidth<HTMLDivElement>();
  const language = i18n.language;
  const items = useMemo<MenuEntries>(() => {
    if (!width || !language) return [];
    const { visible, overflow } = splitTopMenu(menus, width, TOP_MENU_SLOT_PX);
    const build = mode === 'tree' ? toEntries : toFlatEntries;
    const entries = build(visible);
    if (overflow.length) {
      entries.push({ key: MORE_MENU_KEY, label: text('moreMenu'), title: text('moreMenu'), children: build(overflow) });
    }
    return entries;
  }, [menus, mode, width, language, text]);

  const onClick: MenuProps['onClick'] = ({ key }) => onSelect(key);

  return (
    <div ref={ref} className={styles.holder} style={{ '--top-menu-slot': `${TOP_MENU_SLOT_PX}px` } as CSSProperties}>
      <Menu
        mode="horizontal"
        theme={dark ? 'dark' : 'light'}
        className={styles.menu}
        items={items}
        selectedKeys={selectedKeys}
        onClick={onClick}
        disabledOverflow
      />
    </div>
  );
}
