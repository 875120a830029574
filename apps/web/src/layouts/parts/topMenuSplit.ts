// How many top-menu entries fit: each needs about TOP_MENU_SLOT_PX; when not all fit, the
// last slot becomes "More ..." holding the rest.

export interface TopMenuSplit<T> {
  visible: T[];
  overflow: T[];
}

export function splitTopMenu<T>(items: readonly T[], width: number, slot: number): TopMenuSplit<T> {
  const slots = Math.max(1, Math.floor(Math.max(0, width) / slot));
  if (items.length <= slots) return { visible: [...items], overflow: [] };
  const shown = slots - 1; // one slot for "More ..."
  return { visible: items.slice(0, shown), overflow: items.slice(shown) };
}
