// Shell-wide interface state that must outlive a change of layout (the settings drawer stays open while the
// user tries the layouts).
import { create } from 'zustand';
import { onSessionReset } from '../platform/session';

interface ShellUiState {
  settingsOpen: boolean;
}

export const useShellUi = create<ShellUiState>(() => ({ settingsOpen: false }));

export function setSettingsOpen(settingsOpen: boolean): void {
  useShellUi.setState({ settingsOpen });
}

onSessionReset(() => setSettingsOpen(false));
