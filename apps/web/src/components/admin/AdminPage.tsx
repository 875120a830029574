// The frame of an administration screen: an optional side panel (a TreePanel) and the main column of
// white panels (search, table). Below 800px the side panel stacks above.
import type { ReactNode } from 'react';
import styles from './admin.module.css';

export function AdminPage({ side, children }: { side?: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.page}>
      {side && <aside className={styles.side}>{side}</aside>}
      <div className={styles.main}>{children}</div>
    </div>
  );
}

/** a white panel; `grow` makes it take the remaining height (the table panel) */
export function Panel({ children, grow = false }: { children: ReactNode; grow?: boolean }) {
  return <section className={grow ? styles.panelGrow : styles.panel}>{children}</section>;
}

/** a row above a table: a title or filters on the left, buttons on the right */
export function Toolbar({ left, right }: { left?: ReactNode; right?: ReactNode }) {
  return (
    <div className={styles.toolbar}>
      <div className={styles.toolbarTitle}>{left}</div>
      <div>{right}</div>
    </div>
  );
}
