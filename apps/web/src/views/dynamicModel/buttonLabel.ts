// A generated form's button label: the designer's text, else ours. The reference's designer stores its default
// labels with a space inserted between two Chinese characters ("取 消", "确 定"), which our buttons do not add
// anywhere else (autoInsertSpace is off): such a label is shown without the space.
const SPACED_PAIR = /^(\p{Script=Han})\s+(\p{Script=Han})$/u;

export function buttonLabel(designed: string | undefined, fallback: string): string {
  const text = designed?.trim() || fallback;
  return text.replace(SPACED_PAIR, '$1$2');
}
