// What is being dragged in the designer: a palette key (a new field) or an item of the canvas. The
// designer keeps it while the drag lasts, so a drop does not depend on what the browser's DataTransfer
// carries.
import type { OnlineFieldKey } from '@jnpf/core';

export type DragItem = { kind: 'new'; key: OnlineFieldKey } | { kind: 'move'; formId: number };

/** where a drop lands: before an item, or at the end of a container (null = the top level) */
export type DropTarget = { before: number } | { into: number | null };
