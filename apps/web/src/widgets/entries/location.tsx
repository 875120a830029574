// The location: a place chosen through the maps service or typed in, kept as its JSON text; the design may limit
// the choice to the fine-tuning radius around where the user stands and to allowed circles (checked by core's
// location logic, the server's check too).
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { checkLocationField, LOCATION_ADJUSTMENT_RADIUS, locationRulesOf, type FieldConfig } from '@jnpf/core';
import { Button, InputNumber, Space, Switch } from 'antd';
import { LocationDetail } from '../locationDetail';
import { LocationMock, LocationWidget } from '../locationWidget';
import { signLocationTexts } from '../signLocationTexts';
import type { WidgetEntry, WidgetPanelProps } from '../types';
import { PanelItem } from '../panel/PanelItem';

type Scope = NonNullable<FieldConfig['locationScope']>[number];

/** the location's own properties: automatic location, the fine-tuning radius, the allowed circles */
function LocationPanel({ field, onChange }: WidgetPanelProps) {
  const t = signLocationTexts.useText();
  const set = (patch: Partial<FieldConfig>) => onChange({ ...field, ...patch });
  const scopes: Scope[] = Array.isArray(field.locationScope) ? field.locationScope : [];
  const setScope = (index: number, patch: Partial<Scope>) =>
    set({ locationScope: scopes.map((s, i) => (i === index ? { ...s, ...patch } : s)) });
  return (
    <>
      <PanelItem label={t('propAutoLocation')}>
        <Switch
          aria-label={t('propAutoLocation')}
          checked={field.autoLocation === true}
          onChange={(autoLocation) => set({ autoLocation })}
        />
      </PanelItem>
      <PanelItem label={t('propEnableLocationScope')}>
        <Switch
          aria-label={t('propEnableLocationScope')}
          checked={field.enableLocationScope === true}
          onChange={(enableLocationScope) => set({ enableLocationScope })}
        />
      </PanelItem>
      {field.enableLocationScope === true && (
        <PanelItem label={t('propAdjustmentScope')} htmlFor="prop-adjustment-scope">
          <InputNumber
            id="prop-adjustment-scope"
            min={1}
            max={100000}
            precision={0}
            value={typeof field.adjustmentScope === 'number' ? field.adjustmentScope : LOCATION_ADJUSTMENT_RADIUS}
            onChange={(v) => set({ adjustmentScope: typeof v === 'number' ? v : LOCATION_ADJUSTMENT_RADIUS })}
          />
        </PanelItem>
      )}
      <PanelItem label={t('propEnableDesktopLocation')}>
        <Switch
          aria-label={t('propEnableDesktopLocation')}
          checked={field.enableDesktopLocation === true}
          onChange={(enableDesktopLocation) => set({ enableDesktopLocation })}
        />
      </PanelItem>
      {field.enableDesktopLocation === true && (
        <PanelItem label={t('propLocationScope')}>
          <div role="list" aria-label={t('propLocationScope')}>
            {scopes.map((scope, index) => (
              <Space key={index} role="listitem" wrap style={{ marginBottom: 4 }}>
                <InputNumber
                  aria-label={`${t('locationLng')} ${index + 1}`}
                  placeholder={t('locationLng')}
                  min={-180}
                  max={180}
                  value={Number(scope.lng)}
                  onChange={(v) => setScope(index, { lng: v ?? 0 })}
                />
                <InputNumber
                  aria-label={`${t('locationLat')} ${index + 1}`}
                  placeholder={t('locationLat')}
                  min={-90}
                  max={90}
                  value={Number(scope.lat)}
                  onChange={(v) => setScope(index, { lat: v ?? 0 })}
                />
                <InputNumber
                  aria-label={`${t('propRadius')} ${index + 1}`}
                  placeholder={t('propRadius')}
                  min={1}
                  precision={0}
                  value={Number(scope.radius)}
                  onChange={(v) => setScope(index, { radius: v ?? LOCATION_ADJUSTMENT_RADIUS })}
                />
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${t('propRemoveScope')} ${index + 1}`}
                  onClick={() => set({ locationScope: scopes.filter((_, i) => i !== index) })}
                />
              </Space>
            ))}
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() =>
                set({ locationScope: [...scopes, { lng: 116.404, lat: 39.915, radius: LOCATION_ADJUSTMENT_RADIUS }] })
              }
            >
              {t('propAddScope')}
            </Button>
          </div>
        </PanelItem>
      )}
    </>
  );
}

export const location: WidgetEntry = {
  kind: 'input',
  Component: LocationWidget,
  Detail: LocationDetail,
  rules: { check: (field, value) => checkLocationField(value, locationRulesOf(field)) },
  design: {
    group: 'advancedGroup',
    shared: { disabled: true, clearable: 'byDefault' },
    Mock: LocationMock,
    Panel: LocationPanel,
    create: () => ({
      props: {
        autoLocation: false,
        adjustmentScope: LOCATION_ADJUSTMENT_RADIUS,
        enableLocationScope: false,
        enableDesktopLocation: false,
        locationScope: [],
        clearable: true,
      },
      config: { defaultValue: '' },
    }),
  },
};
