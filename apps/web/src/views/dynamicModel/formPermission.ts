// Form permission of a function's page (the menu's permissionList form items): when the design checks forms
// (columnData.useFormPermission) and the page is not the designer's preview, a value field shows only when the user
// holds its form item on the menu (enCode = __vModel__), and a sub-table column only with its own item
// "<table>-<column>". System fields have no item: they always show (read-only). The server holds every call to the same
// items; this only hides what it would ignore anyway.
import { isSubTableKey, isSystemKey, dataFields, type FieldConfig, type FormDataJson } from '@jnpf/core';
import { useMemo } from 'react';
import { hasPermission } from '../../platform/permission';
import { useSession } from '../../platform/session';

/** the form item code of a sub-table column */
export const columnCode = (table: string, column: string) => `${table}-${column}`;

export interface PermittedForm {
  /** the form with each sub-table cut to the columns the user may use */
  formData: FormDataJson;
  /** the fields the user may use (absent: all of them); stable while the grants stay */
  allowField?: (vModel: string) => boolean;
}

/** each sub-table's columns that `allowed` refuses left out, at any depth */
function withColumns(fields: readonly FieldConfig[], allowed: (code: string) => boolean): FieldConfig[] {
  return fields.map((field) => {
    const children = field.__config__?.children;
    if (!Array.isArray(children)) return field;
    const kept = isSubTableKey(field.__config__.jnpfKey)
      ? children.filter((column) => !column.__vModel__ || allowed(columnCode(field.__vModel__, column.__vModel__)))
      : withColumns(children, allowed);
    return { ...field, __config__: { ...field.__config__, children: kept } };
  });
}

/** the form as the holder of the form items `allowed` accepts sees it (null: the whole form) */
export function permittedForm(formData: FormDataJson, allowed: ((code: string) => boolean) | null): PermittedForm {
  if (!allowed) return { formData };
  const system = new Set(
    dataFields(formData.fields ?? [])
      .filter((field) => isSystemKey(field.__config__.jnpfKey))
      .map((field) => field.__vModel__),
  );
  return {
    formData: { ...formData, fields: withColumns(formData.fields ?? [], allowed) },
    allowField: (vModel) => system.has(vModel) || allowed(vModel),
  };
}

/** the page's form under form permission (checked: the design checks forms and this is not the preview) */
export function usePermittedForm(formData: FormDataJson, menuId: string, checked: boolean): PermittedForm {
  const permissionList = useSession((state) => state.permissionList);
  return useMemo(
    () =>
      permittedForm(formData, checked ? (code: string) => hasPermission(permissionList, menuId, 'form', code) : null),
    [formData, menuId, checked, permissionList],
  );
}
