// Unread counts of the header's chat and notice icons and which of their drawers is open.
// The messaging module sets the counts (socket pushes, list reads) and registers the drawers; the shell only
// shows the badges and opens what was registered. Counts start at 0 and are cleared when the session ends.
import type { ComponentType } from 'react';
import { create } from 'zustand';
import { onSessionReset } from './session';

/** The badge shows at most this number, then "99+". */
export const BADGE_MAX = 99;

export type HeaderPanel = 'chat' | 'notice';

interface MessageCountsState {
  chatUnread: number;
  noticeUnread: number;
  /** The chat icon blinks while a new chat message waits (initMessage / receiveMessage pushes). */
  chatBlink: boolean;
  openPanel: HeaderPanel | null;
}

export const useMessageCounts = create<MessageCountsState>(() => ({
  chatUnread: 0,
  noticeUnread: 0,
  chatBlink: false,
  openPanel: null,
}));

function count(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

export function setChatUnread(value: number, blink?: boolean): void {
  useMessageCounts.setState((state) => ({ chatUnread: count(value), chatBlink: blink ?? state.chatBlink }));
}

export function setNoticeUnread(value: number): void {
  useMessageCounts.setState({ noticeUnread: count(value) });
}

/** Adds to the notice count (messagePush adds its unreadNoticeCount). */
export function addNoticeUnread(delta: number): void {
  useMessageCounts.setState((state) => ({ noticeUnread: count(state.noticeUnread + delta) }));
}

export function setChatBlink(blink: boolean): void {
  useMessageCounts.setState({ chatBlink: blink });
}

export function openHeaderPanel(panel: HeaderPanel | null): void {
  useMessageCounts.setState({ openPanel: panel });
}

/** The drawer component of each panel, props: open and onClose. Registered by the messaging module. */
export type HeaderPanelComponent = ComponentType<{ open: boolean; onClose: () => void }>;
type PanelLoader = () => Promise<{ default: HeaderPanelComponent }>;

interface PanelRegistryState {
  loaders: Partial<Record<HeaderPanel, PanelLoader>>;
}

export const useHeaderPanels = create<PanelRegistryState>(() => ({ loaders: {} }));

/** Registers the drawer a header icon opens; a loader keeps the drawer's code out of the shell bundle. */
export function registerHeaderPanel(panel: HeaderPanel, load: PanelLoader): void {
  useHeaderPanels.setState((state) => ({ loaders: { ...state.loaders, [panel]: load } }));
}

onSessionReset(() => useMessageCounts.setState({ chatUnread: 0, noticeUnread: 0, chatBlink: false, openPanel: null }));
