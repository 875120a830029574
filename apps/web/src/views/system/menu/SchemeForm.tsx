// The data-permission scheme dialog: name, code, all data, the conditions (ConditionEditor), sort, state and
// description. Editing loads the scheme (its conditionJson comes as a string) back into the editor; saving
// sends conditionJson as an array with a readable conditionText summary. The built-in all-data scheme
// (code jnpf_alldata) and any scheme marked all data take no conditions.
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Switch } from 'antd';
import { useMemo } from 'react';
import { FormDialog } from '../../../components/admin';
import { NameCodeFields, TailFields } from '../../../components/form/CommonFields';
import { itemsKey, menuApi, type DataFieldRow, type ItemRow, type MenuItemDialogProps } from './api';
import { ConditionEditor, newGroup } from './ConditionEditor';
import {
  conditionsFromWire,
  conditionsToWire,
  isPicker,
  sourceOf,
  summarize,
  type ConditionGroupValues,
} from './conditions';
import { texts } from './texts';
import { usePickerLabels } from './ValueInputs';
import { pickerApi } from '../../../components/pickers/api';

/** the code of the built-in "all data" scheme, which the server never lets change */
export const ALL_DATA_CODE = 'jnpf_alldata';

interface SchemeValues {
  fullName: string;
  enCode: string;
  allData: number;
  matchLogic?: 'and' | 'or';
  conditionJson?: ConditionGroupValues[];
  sortCode?: number;
  enabledMark: number;
  description?: string;
}

const NO_FIELDS: DataFieldRow[] = [];

export function SchemeForm({ menu, open, row, onClose, onSaved }: MenuItemDialogProps<ItemRow>) {
  const t = texts.useText();
  const [form] = Form.useForm<SchemeValues>();
  const fieldList = useQuery({
    queryKey: itemsKey('field', menu.id),
    queryFn: () => menuApi.dataFields(menu.id),
    enabled: open,
  });
  const info = useQuery({
    queryKey: ['system', 'menu', 'scheme', row?.id],
    queryFn: () => menuApi.schemeInfo(row!.id),
    enabled: open && !!row,
    gcTime: 0,
    staleTime: 0,
  });
  const fields = fieldList.data ?? NO_FIELDS;
  // names of picked organisations, users … for the summary
  const pickerSources = useMemo(() => new Set(fields.map(sourceOf).filter(isPicker)), [fields]);
  const labelOf = usePickerLabels(open ? pickerSources : new Set<string>());

  const enCode = Form.useWatch('enCode', form);
  const allData = Form.useWatch('allData', form);
  const builtIn = enCode?.trim() === ALL_DATA_CODE;
  const withoutConditions = builtIn || allData === 1;

  const submit = async (values: SchemeValues) => {
    const conditionJson = withoutConditions ? [] : conditionsToWire(values.conditionJson ?? [], fields);
    // the users the conditions name, named by the selected-list call (as the user picker names them)
    const userIds = [
      ...new Set(
        conditionJson.flatMap((g) =>
          g.groups.flatMap((c) =>
            c.conditionText === 'userSelect' && c.value !== undefined ? [c.value].flat().map(String) : [],
          ),
        ),
      ),
    ];
    const users = new Map((await pickerApi.named(userIds)).map((u) => [u.id, u.fullName]));
    // read from the store: the editor (which registers it) is not shown for all-data schemes
    const matchLogic = form.getFieldValue('matchLogic') === 'or' ? 'or' : 'and';
    return menuApi.saveItem('scheme', row?.id, {
      moduleId: menu.id,
      fullName: values.fullName,
      enCode: values.enCode,
      allData: builtIn ? 1 : (values.allData ?? 0),
      matchLogic,
      conditionJson,
      conditionText: summarize(conditionJson, matchLogic, fields, t, labelOf(users)),
      sortCode: values.sortCode ?? 0,
      enabledMark: values.enabledMark ?? 1,
      description: values.description ?? '',
      ...(info.data ? { version: info.data.version } : {}),
    });
  };

  return (
    <FormDialog<SchemeValues>
      open={open}
      title={row ? t('schemeEdit') : t('schemeAdd')}
      form={form}
      width={880}
      loading={fieldList.isLoading || (!!row && info.isLoading)}
      loadError={fieldList.isError || (!!row && info.isError)}
      onRetry={() => {
        void fieldList.refetch();
        if (row) void info.refetch();
      }}
      // the form mounts once the fields (and the scheme being edited) are loaded
      initialValues={
        info.data
          ? {
              fullName: info.data.fullName,
              enCode: info.data.enCode,
              allData: info.data.allData,
              matchLogic: info.data.matchLogic === 'or' ? 'or' : 'and',
              conditionJson: conditionsFromWire(info.data.conditionJson, fields),
              sortCode: info.data.sortCode,
              enabledMark: info.data.enabledMark,
              description: info.data.description,
            }
          : {
              enabledMark: 1,
              sortCode: 0,
              allData: 0,
              matchLogic: 'and',
              conditionJson: fields.length ? [newGroup()] : [],
            }
      }
      onCancel={onClose}
      onSaved={onSaved}
      onSubmit={submit}
    >
      <NameCodeFields
        variant="menu"
        nameLabel={t('schemeName')}
        nameRequired={t('schemeNameRequired')}
        codeRequired={t('codeRequired')}
      />
      <Form.Item
        name="allData"
        label={t('allData')}
        getValueProps={(value: number) => ({ checked: value === 1 || builtIn })}
        normalize={(checked: boolean) => (checked ? 1 : 0)}
      >
        <Switch disabled={builtIn} />
      </Form.Item>
      <Form.Item label={t('conditions')} required={!withoutConditions}>
        {withoutConditions ? (
          <Alert type="info" showIcon title={builtIn ? t('builtInHint') : t('allDataHint')} />
        ) : (
          <ConditionEditor fields={fields} />
        )}
      </Form.Item>
      <TailFields />
    </FormDialog>
  );
}
