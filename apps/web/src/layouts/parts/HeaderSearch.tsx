// Header search: Ctrl+K (⌘K) or the icon opens a dialog; typing searches the permitted menus,
// arrow keys move through the results, Enter opens the chosen one, Esc closes.
import { SearchOutlined } from '@ant-design/icons';
import { Input, Modal, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { openMenu } from '../../app/routes/menuNavigation';
import { useSession } from '../../platform/session';
import { useShellText } from '../texts';
import styles from './HeaderSearch.module.css';
import { menuLabel } from './menuEntries';
import { menuIcon } from './MenuIcon';
import { createMenuIndex, searchEntries, type FuseConstructor, type SearchEntry } from './menuSearch';

let fuseLoad: Promise<FuseConstructor> | null = null;
function loadFuse(): Promise<FuseConstructor> {
  fuseLoad ??= import('fuse.js').then((module) => module.default as FuseConstructor);
  return fuseLoad;
}

/** True for the search shortcut: Ctrl+K, or ⌘K on a Mac. */
export function isSearchShortcut(event: { key: string; ctrlKey: boolean; metaKey: boolean }): boolean {
  return (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
}

function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const text = useShellText();
  const navigate = useNavigate();
  const menuList = useSession((state) => state.menuList);
  const [FuseClass, setFuseClass] = useState<FuseConstructor | null>(null);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (open) void loadFuse().then((loaded) => setFuseClass(() => loaded));
    else setQuery('');
  }, [open]);

  const search = useMemo(
    () => (FuseClass ? createMenuIndex(FuseClass, searchEntries(menuList, menuLabel)) : null),
    [FuseClass, menuList],
  );
  const results = useMemo(() => (search ? search(query) : []), [search, query]);
  useEffect(() => setActive(0), [query]);
  useEffect(() => {
    listRef.current?.querySelector<HTMLElement>('[data-active="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const choose = (entry: SearchEntry | undefined) => {
    if (!entry) return;
    onClose();
    openMenu(entry.menu, (path) => navigate(path));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => (results.length ? (index + 1) % results.length : 0));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (results.length ? (index - 1 + results.length) % results.length : 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(results[active]);
    }
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      closable={false}
      width={560}
      title={null}
      destroyOnHidden
      styles={{ body: { padding: 0 } }}
    >
      <Input
        className={styles.input}
        size="large"
        autoFocus
        allowClear
        prefix={<SearchOutlined />}
        placeholder={text('searchPlaceholder')}
        aria-label={text('search')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {!search && query && <Spin size="small" />}
      {search && query.trim() && results.length === 0 && <div className={styles.empty}>{text('searchEmpty')}</div>}
      {results.length > 0 && (
        <ul className={styles.list} role="listbox" ref={listRef} aria-label={text('search')}>
          {results.map((entry, index) => (
            <li
              key={entry.menu.id}
              role="option"
              aria-selected={index === active}
              data-active={index === active}
              className={`${styles.item} ${index === active ? styles.active : ''}`}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(entry)}
            >
              {menuIcon(entry.menu.icon, entry.menu.type)}
              <span className={styles.title}>{entry.title}</span>
              <span className={styles.path}>{entry.path}</span>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.hint}>
        {text('searchHint')} · {text('searchShortcut')}
      </div>
    </Modal>
  );
}

export default function HeaderSearch({ className }: { className?: string }) {
  const text = useShellText();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={text('search')}
        title={`${text('search')} (Ctrl K)`}
        onClick={() => setOpen(true)}
      >
        <SearchOutlined />
      </button>
      <SearchDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
