// Application switcher: shown only when the user has more than one system and the
// app is not embedded in another page. A searchable list with the current system marked; choosing another
// makes it the user's main system, shows the server's message, goes to the root path and reloads.
import { AppstoreOutlined, CheckCircleFilled, SearchOutlined } from '@ant-design/icons';
import type { SystemRef } from '@jnpf/core';
import { Drawer, Empty, Input, Spin, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { switchMajor } from '../../platform/api/currentUser';
import { isEmbedded } from '../../platform/config';
import { feedback } from '../../platform/feedback';
import { useSession } from '../../platform/session';
import { basePathFromPath } from '../../platform/storage';
import { useShellText } from '../texts';
import styles from './AppSwitcher.module.css';

/** Time to read the server's message before the page reloads. */
const RELOAD_DELAY_MS = 1000;

export function shouldShowAppSwitcher(systems: readonly SystemRef[] | undefined, embedded: boolean): boolean {
  return !embedded && (systems?.length ?? 0) > 1;
}

export function filterSystems(systems: readonly SystemRef[], keyword: string): SystemRef[] {
  const wanted = keyword.trim().toLowerCase();
  return wanted ? systems.filter((system) => system.name.toLowerCase().includes(wanted)) : [...systems];
}

export default function AppSwitcher({ className }: { className?: string }) {
  const text = useShellText();
  const userInfo = useSession((state) => state.userInfo);
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [switching, setSwitching] = useState<string | null>(null);
  const systems = useMemo(() => userInfo?.systemIds ?? [], [userInfo]);
  const list = useMemo(() => filterSystems(systems, keyword), [systems, keyword]);
  if (!shouldShowAppSwitcher(systems, isEmbedded())) return null;

  const isCurrent = (system: SystemRef) => system.currentSystem || system.id === userInfo?.systemId;

  const choose = async (system: SystemRef) => {
    if (isCurrent(system) || switching) return;
    setSwitching(system.id);
    try {
      const result = await switchMajor(system.id, 'System');
      feedback.success(result.msg, 1.5);
      window.setTimeout(
        () => window.location.replace(`${basePathFromPath(window.location.pathname)}/`),
        RELOAD_DELAY_MS,
      );
    } catch {
      setSwitching(null); // the request layer has shown why
    }
  };

  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={text('switchApp')}
        title={text('switchApp')}
        onClick={() => setOpen(true)}
      >
        <AppstoreOutlined />
      </button>
      <Drawer title={text('switchApp')} open={open} onClose={() => setOpen(false)} size={320}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={text('appSearchPlaceholder')}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
        />
        <Spin spinning={Boolean(switching)}>
          {list.length === 0 ? (
            <Empty description={text('noApps')} style={{ marginTop: 32 }} />
          ) : (
            <ul className={styles.list}>
              {list.map((system) => {
                const current = isCurrent(system);
                return (
                  <li key={system.id}>
                    <button
                      type="button"
                      className={`${styles.item} ${current ? styles.current : ''}`}
                      aria-current={current}
                      onClick={() => void choose(system)}
                    >
                      <span className={styles.icon}>
                        <AppstoreOutlined />
                      </span>
                      <span className={styles.name}>{system.name}</span>
                      {current && (
                        <Tag color="processing" icon={<CheckCircleFilled />}>
                          {text('currentApp')}
                        </Tag>
                      )}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </Spin>
      </Drawer>
    </>
  );
}
