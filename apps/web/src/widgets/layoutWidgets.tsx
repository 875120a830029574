// The layout widgets (LAYOUT_KEYS): display-only items (group title, divider, text, alert) and the two
// containers (row, card) whose items the form renderer lays out and passes in.
import { Alert, Card, Divider } from 'antd';
import type { CSSProperties } from 'react';
import type { ContainerWidgetProps, LayoutWidgetProps } from './types';

type Placement = 'start' | 'center' | 'end';
const PLACEMENTS: Readonly<Record<string, Placement>> = { left: 'start', center: 'center', right: 'end' };
const UNITLESS: ReadonlySet<string> = new Set(['fontWeight', 'opacity', 'zIndex']);

function placementOf(position: unknown, fallback: Placement): Placement {
  return (typeof position === 'string' && PLACEMENTS[position]) || fallback;
}

/**
 * The designer stores text styles with CSS names ("font-size": 12); React wants camel case and units.
 * Only plain string and number values pass.
 */
export function toReactStyle(style: unknown): CSSProperties {
  if (!style || typeof style !== 'object') return {};
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(style as Record<string, unknown>)) {
    const key = name.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());
    if (typeof value === 'string') out[key] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) out[key] = UNITLESS.has(key) ? value : `${value}px`;
  }
  return out as CSSProperties;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function GroupTitleWidget({ field }: LayoutWidgetProps) {
  return (
    <Divider titlePlacement={placementOf(field.contentPosition, 'start')} styles={{ content: { fontWeight: 600 } }}>
      {text(field.content) || field.__config__.label}
    </Divider>
  );
}

export function DividerWidget({ field }: LayoutWidgetProps) {
  const content = text(field.content);
  return (
    <Divider titlePlacement={placementOf(field.contentPosition, 'center')} plain>
      {content || undefined}
    </Divider>
  );
}

export function TextWidget({ field }: LayoutWidgetProps) {
  return <div style={{ whiteSpace: 'pre-wrap', ...toReactStyle(field.textStyle) }}>{text(field.content)}</div>;
}

const ALERT_TYPES = ['success', 'info', 'warning', 'error'] as const;
type AlertType = (typeof ALERT_TYPES)[number];

export function AlertWidget({ field }: LayoutWidgetProps) {
  const type = (ALERT_TYPES as readonly string[]).includes(String(field.type)) ? (field.type as AlertType) : 'info';
  return (
    <Alert
      type={type}
      title={text(field.title)}
      description={text(field.description) || undefined}
      showIcon={Boolean(field.showIcon)}
      closable={Boolean(field.closable)}
    />
  );
}

export function RowWidget({ children }: ContainerWidgetProps) {
  return <div>{children}</div>;
}

export function CardWidget({ field, children }: ContainerWidgetProps) {
  const title = text(field.header) || (field.__config__.showLabel === false ? '' : field.__config__.label);
  return (
    <Card size="small" title={title || undefined} style={{ marginBottom: 18 }}>
      {children}
    </Card>
  );
}
