// What a relation form (关联表单) reads: the chooser's configuration over the released form it names (modelId;
// rows from FieldDataSelect, the record's id stored, its relationField shown), and the designer's lists of
// released forms (Base/Selector) and of a form's fields (Base/{id}/FormDataFields).
import type { FieldConfig } from '@jnpf/core';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../platform/request';
import { popupConfig, type PopupConfig } from '../popup/popupData';

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** the chooser's configuration of a relation form: the records of its form, one picked, its id stored */
export function relationConfig(field: FieldConfig): PopupConfig {
  return {
    ...popupConfig(field),
    interfaceId: '',
    templateJson: [],
    formId: text(field.modelId),
    propsValue: 'id',
    relationField: text(field.relationField),
    multiple: false,
  };
}

export interface SelectorNode {
  id: string;
  fullName: string;
  state?: number;
  children?: SelectorNode[];
}

/** design states that have a released copy: released (1) and changed since release (2) */
const RELEASED_STATES = '1,2';

/** the released forms under their categories */
export function useReleasedForms() {
  return useQuery({
    queryKey: ['relationForms', 'selector'],
    queryFn: async () =>
      (
        await http.get<{ list: SelectorNode[] }>('/api/visualdev/Base/Selector', {
          type: 1,
          isRelease: RELEASED_STATES,
        })
      ).data?.list ?? [],
    staleTime: 60_000,
  });
}

/** the plain-value fields of a released form ({label, vmodel}) */
export function useFormFields(modelId: string) {
  return useQuery({
    queryKey: ['relationForms', 'fields', modelId],
    queryFn: async () =>
      (
        await http.get<{ list: { label: string; vmodel: string }[] }>(
          `/api/visualdev/Base/${encodeURIComponent(modelId)}/FormDataFields`,
          { filterType: 1 },
        )
      ).data?.list ?? [],
    enabled: !!modelId,
    staleTime: 60_000,
  });
}
