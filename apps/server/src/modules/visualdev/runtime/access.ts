// What a caller who passed a runtime route's guard may do with one model: designers (administrators and
// holders of the design menu) try unreleased designs and see every column, field and record; everyone else
// reaches the model through its menus, and
// - a list that checks columns shows them only the columns granted on those menus;
// - a menu that checks forms (isFormAuthorize) lets them see and fill only the form items granted on it;
// - a menu that checks data (isDataAuthorize) shows them only the records its granted schemes let through.
// The menus are the model's granted menus — the one the page was opened from when the request names it, and for
// a call that needs a button, those on which the caller may use that button. Through several menus the caller
// gets what any one of them gives: a field any of them grants, a record any of them shows.
import type { ButtonCode } from '@jnpf/core';
import { or, sql, type SQL } from 'drizzle-orm';
import type { AppContext, Principal } from '../../../platform/context.js';
import { canUse } from '../../../platform/catalogue.js';
import type { ScopeColumns } from '../../../platform/dataScope.js';
import { linkedMenus } from '../../../platform/guard.js';
import { DESIGN_MENU } from '../menus.js';

/** the menu type of a released design's page: type 3 menus open an online form ({modelId} in propertyJson) */
export const ONLINE_FORM_MENU_TYPE = 3;

/** through which menus a call reaches the model */
export interface Through {
  /** the menu the page was opened from (used when the caller holds it) */
  menuId?: string | undefined;
  /** the button the call needs (menus that check buttons count only when it is granted on them) */
  button?: ButtonCode | undefined;
}

export interface RuntimeAccess {
  designer: boolean;
  /** the column codes (props) the caller may see through the model's menus (menuId: only that one) */
  grantedColumns(menuId?: string): Set<string>;
  /** the form item codes the caller may see and fill; null: the whole form (designers, menus not checking forms) */
  grantedForm(through?: Through): Set<string> | null;
  /** the condition on records the caller may reach (undefined: all of them) */
  recordScope(columns: ScopeColumns, through?: Through): Promise<SQL | undefined>;
  /** may the caller use this button on one of the model's menus (designers: always) */
  mayUse(button: ButtonCode): boolean;
  /** does the caller reach the model through a menu (the one named, a button's when asked; designers: always) */
  reaches(through?: Through): boolean;
  /**
   * does every menu the call reaches the model through (as `through` picks them) grant this button too, so that
   * what the call reaches is within what the button's menus reach (designers: always)
   */
  grantsThroughout(through: Through, button: ButtonCode): boolean;
}

export async function runtimeAccess(
  app: AppContext,
  principal: Pick<Principal, 'userId' | 'isAdministrator'>,
  modelId: string,
): Promise<RuntimeAccess> {
  const [grants, cat] = await Promise.all([
    app.grants.forUser(principal.userId, principal.isAdministrator),
    app.catalogue.get(),
  ]);
  const designer = grants.all || canUse(cat, grants, DESIGN_MENU);
  const granted = linkedMenus(cat, modelId).filter(
    (menu) => menu.type === ONLINE_FORM_MENU_TYPE && grants.modules.has(menu.id),
  );
  const menusFor = ({ menuId, button }: Through = {}) => {
    const usable = button
      ? granted.filter(
          (menu) =>
            menu.isButtonAuthorize !== 1 ||
            (cat.buttonsByModule.get(menu.id) ?? []).some((b) => b.enCode === button && grants.buttons.has(b.id)),
        )
      : granted;
    // the menu the page was opened from, when the client names one of them
    const opened = usable.filter((menu) => menu.id === menuId);
    return opened.length ? opened : usable;
  };
  return {
    designer,
    grantedColumns(menuId) {
      const out = new Set<string>();
      for (const menu of menusFor({ menuId }))
        for (const column of cat.columnsByModule.get(menu.id) ?? [])
          if (grants.columns.has(column.id)) out.add(column.enCode);
      return out;
    },
    grantedForm(through) {
      if (designer) return null;
      const menus = menusFor(through);
      // a menu that does not check forms shows the whole form
      if (menus.some((menu) => menu.isFormAuthorize !== 1)) return null;
      const out = new Set<string>();
      for (const menu of menus)
        for (const item of cat.formsByModule.get(menu.id) ?? []) if (grants.forms.has(item.id)) out.add(item.enCode);
      return out;
    },
    mayUse(button) {
      return designer || menusFor({ button }).length > 0;
    },
    reaches(through) {
      return designer || menusFor(through).length > 0;
    },
    grantsThroughout(through, button) {
      if (designer) return true;
      const granting = new Set(menusFor({ button }).map((menu) => menu.id));
      const reached = menusFor(through);
      return reached.length > 0 && reached.every((menu) => granting.has(menu.id));
    },
    async recordScope(columns, through) {
      if (designer) return undefined;
      const filters = await Promise.all(
        menusFor(through).map((menu) => app.dataScope.filter({ user: principal, menu: menu.id, columns })),
      );
      if (filters.some((f) => f.kind === 'all')) return undefined;
      const wheres = filters.flatMap((f) => (f.kind === 'where' ? [f.where] : []));
      if (!wheres.length) return sql`false`;
      return wheres.length === 1 ? wheres[0] : or(...wheres);
    },
  };
}
