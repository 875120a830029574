// The left menu of the classic, blend and plain layouts: light or dark, an optional logo on top, the menu scrolling
// below it.
import type { ReactNode } from 'react';
import styles from '../shell.module.css';

export default function SidebarMenu({
  dark,
  logo,
  children,
}: {
  dark: boolean;
  logo?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`${styles.sidebar} ${dark ? styles.sidebarDark : styles.sidebarLight}`}>
      {logo}
      <div className={styles.menuScroll}>{children}</div>
    </div>
  );
}
