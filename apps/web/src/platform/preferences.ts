// The user's interface preferences (the settings drawer's choices and the application size): one typed object, kept in
// local storage. Stored values are checked field by field, so an old or edited entry cannot break the shell.
import { LAYOUT_THEMES, type LayoutTheme } from '@jnpf/core';
import { create } from 'zustand';
import { storage, StorageNames } from './storage';

/** The eight theme colours of the settings drawer. */
export const THEME_COLORS = {
  blue: '#1890ff',
  purple: '#722ed1',
  azure: '#211bce',
  ocean: '#13c2c2',
  green: '#3eac12',
  yellow: '#f8bc18',
  orange: '#f5811c',
  red: '#f5222d',
} as const;
export type ThemeColorName = keyof typeof THEME_COLORS;

export const SIDE_STYLES = ['dark', 'lightWhite'] as const;
export type SideStyle = (typeof SIDE_STYLES)[number];

/** The application size of the font-size dialog. */
export const FONT_SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type FontSize = (typeof FONT_SIZES)[number];

/** Input height and text size of each application size (input heights as the reference's: default 40, medium 36,
 * small 32, mini 28; text sizes as the reference's component sizes). */
export const FONT_SIZE_METRICS: Readonly<Record<FontSize, { controlHeight: number; fontSize: number }>> = {
  default: { controlHeight: 40, fontSize: 14 },
  medium: { controlHeight: 36, fontSize: 14 },
  small: { controlHeight: 32, fontSize: 13 },
  mini: { controlHeight: 28, fontSize: 12 },
};

export interface Preferences {
  layoutType: LayoutTheme;
  themeColor: ThemeColorName;
  sideStyle: SideStyle;
  /** Show the tag bar of visited views. */
  tagsView: boolean;
  /** Show menu icons on the tags. */
  tagsIcon: boolean;
  /** Keep visited views alive when switching tags. */
  useCache: boolean;
  showLanguage: boolean;
  showSearch: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  sidebarCollapsed: boolean;
  /** Application size (the font-size dialog); small by default. */
  fontSize: FontSize;
}

export const DEFAULT_PREFERENCES: Readonly<Preferences> = Object.freeze({
  layoutType: 'classic',
  themeColor: 'blue',
  sideStyle: 'dark',
  tagsView: true,
  tagsIcon: true,
  useCache: false,
  showLanguage: true,
  showSearch: true,
  fixedHeader: true,
  sidebarLogo: true,
  sidebarCollapsed: false,
  fontSize: 'small',
});

/** The layout named by the sign-in response (its `theme`), or classic for anything else. */
export function toLayoutTheme(value: unknown): LayoutTheme {
  return (LAYOUT_THEMES as readonly unknown[]).includes(value) ? (value as LayoutTheme) : 'classic';
}

function isThemeColor(value: unknown): value is ThemeColorName {
  return typeof value === 'string' && Object.hasOwn(THEME_COLORS, value);
}

function isSideStyle(value: unknown): value is SideStyle {
  return (SIDE_STYLES as readonly unknown[]).includes(value);
}

function isFontSize(value: unknown): value is FontSize {
  return (FONT_SIZES as readonly unknown[]).includes(value);
}

/** Defaults overlaid with every valid stored field. */
export function normalizePreferences(stored: unknown): Preferences {
  const source = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const result: Preferences = { ...DEFAULT_PREFERENCES };
  if (source.layoutType !== undefined) result.layoutType = toLayoutTheme(source.layoutType);
  if (isThemeColor(source.themeColor)) result.themeColor = source.themeColor;
  if (isSideStyle(source.sideStyle)) result.sideStyle = source.sideStyle;
  if (isFontSize(source.fontSize)) result.fontSize = source.fontSize;
  const switches = [
    'tagsView',
    'tagsIcon',
    'useCache',
    'showLanguage',
    'showSearch',
    'fixedHeader',
    'sidebarLogo',
    'sidebarCollapsed',
  ] as const;
  for (const name of switches) {
    const value = source[name];
    if (typeof value === 'boolean') result[name] = value;
  }
  return result;
}

export const usePreferences = create<Preferences>(() => normalizePreferences(storage.get(StorageNames.preferences)));

export function updatePreferences(patch: Partial<Preferences>): void {
  const next = normalizePreferences({ ...usePreferences.getState(), ...patch });
  usePreferences.setState(next, true);
  storage.set(StorageNames.preferences, next);
}

export function resetPreferences(): void {
  usePreferences.setState({ ...DEFAULT_PREFERENCES }, true);
  storage.remove(StorageNames.preferences);
}

export function themeColorHex(name: ThemeColorName): string {
  return THEME_COLORS[name];
}
