// An external address shown inside the app (menu type 7 with target _self).
import styles from './EmbeddedPage.module.css';

export default function EmbeddedPage({ title, src }: { title: string; src: string }) {
  return (
    <div className={styles.frameHolder}>
      <iframe className={styles.frame} title={title} src={src} />
    </div>
  );
}
