// The emoji picker (120 emoji, codes 100 to 219): a grid of buttons; arrow keys move between them, Enter or a click
// picks one.
import { useRef, type KeyboardEvent } from 'react';
import styles from './chat.module.css';
import { EMOJI_LIST } from './emoji';
import { EmojiGlyph } from './EmojiGlyph';
import { chatTexts } from './texts';

const COLUMNS = 10;

export function EmojiPicker({ onPick }: { onPick: (code: number) => void }) {
  const t = chatTexts.useText();
  const grid = useRef<HTMLDivElement>(null);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = {
      ArrowLeft: -1,
      ArrowRight: 1,
      ArrowUp: -COLUMNS,
      ArrowDown: COLUMNS,
      Home: -Infinity,
      End: Infinity,
    }[event.key];
    if (step === undefined) return;
    const buttons = [...(grid.current?.querySelectorAll('button') ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    event.preventDefault();
    const next = Math.min(buttons.length - 1, Math.max(0, index + step));
    buttons[next]?.focus();
  };

  return (
    <div ref={grid} className={styles.emojiGrid} role="group" aria-label={t('emoji')} onKeyDown={move}>
      {EMOJI_LIST.map((emoji) => (
        <button
          key={emoji.code}
          type="button"
          className={styles.emojiButton}
          aria-label={emoji.character}
          data-code={emoji.code}
          onClick={() => onPick(emoji.code)}
        >
          <EmojiGlyph character={emoji.character} />
        </button>
      ))}
    </div>
  );
}
