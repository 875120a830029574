// The menu catalogue: every system, menu and permission item, held in memory (it is small and read on
// every CurrentUser and permission check) and reloaded in every process when it changes.
import { asc } from 'drizzle-orm';
import type { Language, MenuItem, PermissionEntry, PermissionItem } from '@jnpf/core';
import { buildTree, buttonName, menuName } from '@jnpf/core';
import type { Db } from '../db/client.js';
import { module, moduleButton, moduleColumn, moduleDataScheme, moduleForm, system } from '../db/schema/index.js';
import type { Grants } from './grants.js';
import type { Bus } from './kv.js';
import { SharedValue } from './sharedCache.js';
import { blankIfNull, pick } from './rows.js';

type SystemRow = typeof system.$inferSelect;
type ModuleRow = typeof module.$inferSelect;
interface ItemRow {
  id: string;
  moduleId: string;
  fullName: string;
  enCode: string;
}

export interface Catalogue {
  systems: SystemRow[];
  modules: ModuleRow[];
  modulesByCode: Map<string, ModuleRow[]>;
  buttonsByModule: Map<string, ItemRow[]>;
  columnsByModule: Map<string, ItemRow[]>;
  formsByModule: Map<string, ItemRow[]>;
  schemesByModule: Map<string, ItemRow[]>;
}

function groupByModule(rows: ItemRow[]) {
  const out = new Map<string, ItemRow[]>();
  for (const r of rows) {
    const list = out.get(r.moduleId);
    if (list) list.push(r);
    else out.set(r.moduleId, [r]);
  }
  return out;
}

export class CatalogueService extends SharedValue<Catalogue> {
  constructor(
    private readonly db: Db,
    bus: Bus,
  ) {
    super(bus, 'catalogue:changed');
  }

  protected async load(): Promise<Catalogue> {
    const enabled = <T extends { enabledMark: number }>(rows: T[]) => rows.filter((r) => r.enabledMark === 1);
    const [systems, modules, buttons, columns, forms, schemes] = await Promise.all([
      this.db.select().from(system).orderBy(asc(system.sortCode), asc(system.id)),
      this.db.select().from(module).orderBy(asc(module.sortCode), asc(module.id)),
      this.db.select().from(moduleButton).orderBy(asc(moduleButton.sortCode), asc(moduleButton.id)),
      this.db.select().from(moduleColumn).orderBy(asc(moduleColumn.sortCode), asc(moduleColumn.id)),
      this.db.select().from(moduleForm).orderBy(asc(moduleForm.sortCode), asc(moduleForm.id)),
      this.db.select().from(moduleDataScheme).orderBy(asc(moduleDataScheme.sortCode), asc(moduleDataScheme.id)),
    ]);
    const liveModules = enabled(modules);
    const modulesByCode = new Map<string, ModuleRow[]>();
    for (const m of liveModules) modulesByCode.set(m.enCode, [...(modulesByCode.get(m.enCode) ?? []), m]);
    return {
      systems: enabled(systems),
      modules: liveModules,
      modulesByCode,
      buttonsByModule: groupByModule(enabled(buttons)),
      columnsByModule: groupByModule(enabled(columns)),
      formsByModule: groupByModule(enabled(forms)),
      schemesByModule: groupByModule(enabled(schemes)),
    };
  }
}

/** systems the user may work in: granted ones, or any system holding a granted menu */
export function allowedSystems(cat: Catalogue, grants: Grants): SystemRow[] {
  if (grants.all) return cat.systems;
  const viaMenus = new Set(cat.modules.filter((m) => grants.modules.has(m.id)).map((m) => m.systemId));
  return cat.systems.filter((s) => grants.systems.has(s.id) || viaMenus.has(s.id));
}

/** the Web menu tree of one system as CurrentUser returns it; built-in menus named in `lang` */
export function menuTree(cat: Catalogue, grants: Grants, systemId: string, lang: Language = 'zh'): MenuItem[] {
  const visible = cat.modules.filter(
    (m) => m.systemId === systemId && m.category === 'Web' && (grants.all || grants.modules.has(m.id)),
  );
  const ids = new Set(visible.map((m) => m.id));
  // a granted menu whose parent directory is not granted is hidden: the reference does the same
  const reachable = visible.filter((m) => m.parentId === '-1' || ids.has(m.parentId));
  const items = reachable.map((m): Omit<MenuItem, 'hasChildren' | 'children'> => ({
    ...pick(m, 'id', 'parentId', 'enCode', 'type', 'sortCode', 'systemId', 'category'),
    fullName: menuName(m.enCode, m.fullName, lang),
    ...blankIfNull(m, 'icon', 'urlAddress'),
    linkTarget: m.linkTarget ?? '_self',
    propertyJson: m.propertyJson ?? '{}',
  }));
  return buildTree(items).filter((root) => root.parentId === '-1') as MenuItem[];
}

function granted(
  rows: ItemRow[] | undefined,
  ids: ReadonlySet<string>,
  all: boolean,
  name: (r: ItemRow) => string = (r) => r.fullName,
): PermissionItem[] {
  return (rows ?? [])
    .filter((r) => all || ids.has(r.id))
    .map((r) => ({ id: r.id, fullName: name(r), enCode: r.enCode }));
}

/** the granted menus of one system with their granted buttons, columns, forms and schemes; built-in names in `lang` */
export function permissionList(
  cat: Catalogue,
  grants: Grants,
  systemId: string,
  lang: Language = 'zh',
): PermissionEntry[] {
  return cat.modules
    .filter((m) => m.systemId === systemId && m.type !== 1 && (grants.all || grants.modules.has(m.id)))
    .map((m) => ({
      modelId: m.id,
      moduleName: menuName(m.enCode, m.fullName, lang),
      button: granted(cat.buttonsByModule.get(m.id), grants.buttons, grants.all, (b) =>
        buttonName(b.enCode, b.fullName, lang),
      ),
      column: granted(cat.columnsByModule.get(m.id), grants.columns, grants.all),
      form: granted(cat.formsByModule.get(m.id), grants.forms, grants.all),
      resource: granted(cat.schemesByModule.get(m.id), grants.resources, grants.all),
    }));
}

/** may the user use the menu with this enCode (or one of these), and when given, its button with this enCode */
export function canUse(
  cat: Catalogue,
  grants: Grants,
  moduleCode: string | readonly string[],
  buttonCode?: string,
): boolean {
  if (grants.all) return true;
  const codes = typeof moduleCode === 'string' ? [moduleCode] : moduleCode;
  for (const m of codes.flatMap((code) => cat.modulesByCode.get(code) ?? [])) {
    if (!grants.modules.has(m.id)) continue;
    if (!buttonCode) return true;
    if (cat.buttonsByModule.get(m.id)?.some((b) => b.enCode === buttonCode && grants.buttons.has(b.id))) return true;
  }
  return false;
}
