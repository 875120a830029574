// One chat emoji as its picture (the character itself where there is none), the same in every browser.
import { emojiImageUrl } from './emojiImages';
import styles from './chat.module.css';

export function EmojiGlyph({ character }: { character: string }) {
  const url = emojiImageUrl(character);
  if (!url)
    return (
      <span className={styles.emoji} role="img" aria-label={character}>
        {character}
      </span>
    );
  return <img className={styles.emojiImage} src={url} alt={character} draggable={false} />;
}
