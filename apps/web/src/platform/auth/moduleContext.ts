// The menu (module) a page was opened from: its id is the modelId of the page's permission entry.
import { createContext, useContext } from 'react';

export interface ModuleInfo {
  menuId: string;
  title: string;
}

export const ModuleContext = createContext<ModuleInfo>({ menuId: '', title: '' });

export function useCurrentModule(): ModuleInfo {
  return useContext(ModuleContext);
}
