// The props each kind of widget receives. Input widgets are form controls: a Form.Item passes id, value
// and onChange, and the value is always in the contract's raw form. System widgets only show what the
// server filled in. Layout widgets show their own content; containers wrap the items rendered inside them.
import type { FieldConfig } from '@jnpf/core';
import type { ComponentType, ReactNode } from 'react';

export interface InputWidgetProps {
  field: FieldConfig;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
}

export interface SystemWidgetProps {
  field: FieldConfig;
  id?: string;
  /** the display text the server gave (user name, formatted time …), when there is one */
  display?: unknown;
  /** the raw value, when only that is known */
  value?: unknown;
  /** a record not saved yet: the server fills the value in on save */
  isNew: boolean;
}

export interface LayoutWidgetProps {
  field: FieldConfig;
}

export interface ContainerWidgetProps {
  field: FieldConfig;
  /** the container's items, already laid out in their grid */
  children: ReactNode;
}

export type WidgetEntry =
  | { kind: 'input'; Component: ComponentType<InputWidgetProps> }
  /** a sub-table: an input of the whole width, whose detail is a read-only table */
  | { kind: 'subTable'; Component: ComponentType<InputWidgetProps> }
  | { kind: 'system'; Component: ComponentType<SystemWidgetProps> }
  | { kind: 'layout'; Component: ComponentType<LayoutWidgetProps> }
  | { kind: 'container'; Component: ComponentType<ContainerWidgetProps> };
