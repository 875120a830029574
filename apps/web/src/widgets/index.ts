// Form-field widgets registered by jnpfKey, the form renderer built on them and the list search widgets.
export { FormRenderer, type FormMode, type FormRendererProps } from './FormRenderer';
export { dictionaryOptionsOf, staticOptionsOf, type ChoiceOption } from './options';
export { hasPanel, paletteGroups, widgetOf, widgetRegistry } from './registry';
export { patternOf, rulesOf } from './rules';
export { fieldOfSearchItem, type SearchWidgetProps } from './searchWidgets';
export { SearchWidget } from './SearchWidget';
export { widgetTexts } from './texts';
export type * from './types';
export * from './values';
export { defaultValueOf, defaultValuesOf } from './defaults';
export { widestSubTable } from './subTable';
export { ContainerPartPanel } from './ContainerPartPanel';
export { pickerOf } from './inputWidgets';
