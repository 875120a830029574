// The runtime of an online-development function: loads its configuration (the released one, or the
// draft for the designer's preview) and shows the list page (webType 2) or the form alone (webType 1).
// Loading, refusal ("该功能未发布" … as the server words it) and broken configurations have their own states.
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useMemo } from 'react';
import { kitTexts } from '../../components/admin/texts';
import { modelApi, modelKeys } from './api';
import { FormOnlyView } from './FormOnlyView';
import { modelOf } from './model';
import { ModelList } from './ModelList';
import { texts } from './texts';

export interface ModelRuntimeProps {
  modelId: string;
  /** the menu the function was opened from (its buttons and columns); empty in the preview */
  menuId: string;
  /** the designer's preview of the draft */
  preview: boolean;
  /** the menu's name; the function's own name when empty */
  title?: string;
}

export function ModelRuntime({ modelId, menuId, preview, title }: ModelRuntimeProps) {
  const t = texts.useText();
  const k = kitTexts.useText();
  const config = useQuery({
    queryKey: modelKeys.config(modelId, preview),
    queryFn: () => modelApi.config(modelId, preview),
    // a preview always shows the draft as it is now
    ...(preview ? { staleTime: 0, gcTime: 0 } : {}),
  });
  const model = useMemo(() => (config.data ? modelOf(config.data) : null), [config.data]);

  if (config.isLoading)
    return (
      <div className="full-page-center">
        <Spin />
      </div>
    );
  if (config.isError)
    return (
      <Result
        status="warning"
        title={config.error.message || k('loadFailed')}
        extra={
          <Button onClick={() => void config.refetch()} loading={config.isFetching}>
            {k('retry')}
          </Button>
        }
      />
    );
  if (!model) return <Result status="error" title={t('configInvalid')} />;

  const heading = title || model.fullName;
  if (model.webType === 1)
    return (
      <FormOnlyView
        key={model.id}
        modelId={modelId}
        menuId={menuId}
        title={heading}
        formData={model.formData}
        formPermission={model.useFormPermission && !preview}
      />
    );
  if (model.webType === 2 && model.columnData)
    return (
      <ModelList
        key={model.id}
        modelId={modelId}
        menuId={menuId}
        preview={preview}
        title={heading}
        formData={model.formData}
        columnData={model.columnData}
      />
    );
  return <Result status="info" title={t('webTypeUnsupported')} />;
}
