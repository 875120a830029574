// A light look-alike of each field on the canvas: the stand-in its widget's registry entry names
// (design.Mock, built from antd controls). It shows the configured placeholder, options, texts and default
// value; it takes no input.
import type { FieldConfig } from '@jnpf/core';
import { widgetOf } from '../../../../widgets';

export function FieldMock({ field }: { field: FieldConfig }) {
  const Mock = widgetOf(field.__config__.jnpfKey)?.design.Mock;
  return Mock ? <Mock field={field} /> : null;
}
