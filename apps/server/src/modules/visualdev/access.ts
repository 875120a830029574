// What a caller who passed a runtime route's guard may do with one model: designers (administrators and
// holders of the design menu) try unreleased designs and see every column; everyone else reaches the model
// through its menus, and a list that checks columns shows them only the columns granted on those menus.
import type { AppContext, Principal } from '../../platform/context.js';
import { canUse } from '../../platform/catalogue.js';
import { linkedMenus } from '../../platform/guard.js';
import { DESIGN_MENU } from './menus.js';

export interface RuntimeAccess {
  designer: boolean;
  /** the column codes (props) the caller may see through the model's menus (menuId: only that one) */
  grantedColumns(menuId?: string): Set<string>;
}

export async function runtimeAccess(app: AppContext, principal: Principal, modelId: string): Promise<RuntimeAccess> {
  const [grants, cat] = await Promise.all([
    app.grants.forUser(principal.userId, principal.isAdministrator),
    app.catalogue.get(),
  ]);
  const designer = grants.all || canUse(cat, grants, DESIGN_MENU);
  return {
    designer,
    grantedColumns(menuId) {
      const granted = linkedMenus(cat, modelId).filter((menu) => menu.type === 3 && grants.modules.has(menu.id));
      // the menu the page was opened from, when the client names one of them
      const opened = granted.filter((menu) => menu.id === menuId);
      const menus = opened.length ? opened : granted;
      const out = new Set<string>();
      for (const menu of menus)
        for (const column of cat.columnsByModule.get(menu.id) ?? [])
          if (grants.columns.has(column.id)) out.add(column.enCode);
      return out;
    },
  };
}
