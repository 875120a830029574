// The palette: the keys this version designs in three groups. A click adds the key where the selection
// says (inside a selected container, after a selected field, or at the end); dragging drops it on the canvas.
import type { OnlineFieldKey } from '@jnpf/core';
import { memo } from 'react';
import type { DragItem } from './dragging';
import styles from './designer.module.css';
import { PALETTE_GROUPS } from './model';
import { designerTexts } from './texts';

export const Palette = memo(function Palette({
  onAdd,
  onDragStart,
}: {
  onAdd: (key: OnlineFieldKey) => void;
  onDragStart: (item: DragItem) => void;
}) {
  const t = designerTexts.useText();
  return (
    <nav className={styles.palette} aria-label={t('paletteHint')}>
      <div className={styles.paletteHint}>{t('paletteHint')}</div>
      {PALETTE_GROUPS.map(({ group, keys }) => (
        <section key={group} aria-label={t(group)}>
          <h4 className={styles.paletteTitle}>{t(group)}</h4>
          <div className={styles.paletteGrid}>
            {keys.map((key) => (
              <button
                key={key}
                type="button"
                className={styles.paletteItem}
                draggable
                onDragStart={(event) => {
                  event.dataTransfer?.setData('text/plain', key);
                  onDragStart({ kind: 'new', key });
                }}
                onClick={() => onAdd(key)}
              >
                {t(`key_${key}`)}
              </button>
            ))}
          </div>
        </section>
      ))}
    </nav>
  );
});
