// The settings drawer, bound to the preferences object: layout mode, side style, theme colour
// and the display switches. Every change applies at once and is stored (platform/preferences); the layout
// choice is also saved on the server (PUT /api/permission/Users/Current/SystemTheme).
import { CheckOutlined } from '@ant-design/icons';
import { LAYOUT_THEMES, type LayoutTheme } from '@jnpf/core';
import { Button, Divider, Drawer, Switch, Tooltip } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { saveSystemTheme } from '../../platform/api/currentUser';
import {
  DEFAULT_PREFERENCES,
  SIDE_STYLES,
  THEME_COLORS,
  updatePreferences,
  usePreferences,
  type Preferences,
  type SideStyle,
  type ThemeColorName,
} from '../../platform/preferences';
import { useShellText } from '../texts';
import styles from './SettingsDrawer.module.css';

const LAYOUT_LABELS = {
  classic: 'layoutClassic',
  functional: 'layoutFunctional',
  blend: 'layoutBlend',
  plain: 'layoutPlain',
} as const satisfies Record<LayoutTheme, string>;

const SIDE_LABELS = { dark: 'sideDark', lightWhite: 'sideLightWhite' } as const satisfies Record<SideStyle, string>;

const COLOR_LABELS = {
  blue: 'colorBlue',
  purple: 'colorPurple',
  azure: 'colorAzure',
  ocean: 'colorOcean',
  green: 'colorGreen',
  yellow: 'colorYellow',
  orange: 'colorOrange',
  red: 'colorRed',
} as const satisfies Record<ThemeColorName, string>;

type SwitchName = 'tagsView' | 'tagsIcon' | 'useCache' | 'showLanguage' | 'showSearch';
const SWITCHES: readonly SwitchName[] = ['tagsView', 'tagsIcon', 'useCache', 'showLanguage', 'showSearch'];

/** Changes the layout and saves it on the server; a failed save has been reported and the choice stays. */
export function chooseLayout(layoutType: LayoutTheme): void {
  if (usePreferences.getState().layoutType === layoutType) return;
  updatePreferences({ layoutType });
  saveSystemTheme(layoutType).catch(() => undefined);
}

/** A small picture of a layout: where the menus are (drawn dark, so that the shapes stand out). */
function LayoutPicture({ layout, dark }: { layout: LayoutTheme; dark: boolean }) {
  const side = dark ? styles.pictureDark : styles.pictureLight;
  const hasTop = layout === 'functional' || layout === 'blend';
  const hasSide = layout !== 'functional';
  return (
    <span className={styles.picture} aria-hidden>
      {hasTop && <span className={`${styles.pictureTop} ${side}`} />}
      {hasSide && (
        <span
          className={`${styles.pictureSide} ${hasTop ? styles.pictureSideBelow : ''} ${
            layout === 'plain' ? styles.pictureSideNarrow : ''
          } ${side}`}
        />
      )}
    </span>
  );
}

/** a titled radio group of the drawer */
function ChoiceGroup({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  return (
    <>
      <Divider titlePlacement="center">{title}</Divider>
      <div className={className} role="radiogroup" aria-label={title}>
        {children}
      </div>
    </>
  );
}

/** one choice, named by its tooltip's text and ticked when chosen: a layout picture, or a colour swatch */
function Choice({
  label,
  chosen,
  data,
  picture = false,
  style,
  onChoose,
  children,
}: {
  label: string;
  chosen: boolean;
  /** the data attribute naming the choice */
  data: Record<`data-${string}`, string>;
  picture?: boolean;
  style?: CSSProperties;
  onChoose: () => void;
  children?: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <button
        type="button"
        role="radio"
        aria-checked={chosen}
        aria-label={label}
        {...data}
        className={picture ? `${styles.choice} ${chosen ? styles.chosen : ''}` : styles.color}
        style={style}
        onClick={onChoose}
      >
        {children}
        {chosen && <CheckOutlined className={picture ? styles.check : undefined} />}
      </button>
    </Tooltip>
  );
}

export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const text = useShellText();
  const preferences = usePreferences();

  const set = (patch: Partial<Preferences>) => updatePreferences(patch);
  const restoreDefaults = () => {
    const { layoutType, themeColor, sideStyle, tagsView, tagsIcon, useCache, showLanguage, showSearch } =
      DEFAULT_PREFERENCES;
    updatePreferences({ themeColor, sideStyle, tagsView, tagsIcon, useCache, showLanguage, showSearch });
    chooseLayout(layoutType);
  };

  return (
    <Drawer
      title={text('settings')}
      open={open}
      onClose={onClose}
      size={300}
      className={styles.drawer}
      // Escape closes the drawer even while a choice's tooltip shows (the pointer still on the layout just chosen):
      // antd gives Escape to the topmost pop-up only, and that is the tooltip
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.nativeEvent.isComposing) onClose();
      }}
    >
      <ChoiceGroup title={text('layoutMode')} className={styles.choices}>
        {LAYOUT_THEMES.map((layout) => (
          <Choice
            key={layout}
            label={text(LAYOUT_LABELS[layout])}
            chosen={preferences.layoutType === layout}
            data={{ 'data-layout-choice': layout }}
            picture
            onChoose={() => chooseLayout(layout)}
          >
            <LayoutPicture layout={layout} dark />
          </Choice>
        ))}
      </ChoiceGroup>

      <ChoiceGroup title={text('sideStyle')} className={styles.choices}>
        {SIDE_STYLES.map((style) => (
          <Choice
            key={style}
            label={text(SIDE_LABELS[style])}
            chosen={preferences.sideStyle === style}
            data={{ 'data-side-style': style }}
            picture
            onChoose={() => set({ sideStyle: style })}
          >
            <LayoutPicture layout="classic" dark={style === 'dark'} />
          </Choice>
        ))}
      </ChoiceGroup>

      <ChoiceGroup title={text('themeColor')} className={styles.colors}>
        {(Object.keys(THEME_COLORS) as ThemeColorName[]).map((name) => (
          <Choice
            key={name}
            label={text(COLOR_LABELS[name])}
            chosen={preferences.themeColor === name}
            data={{ 'data-color': name }}
            style={{ background: THEME_COLORS[name] }}
            onChoose={() => set({ themeColor: name })}
          />
        ))}
      </ChoiceGroup>

      <Divider titlePlacement="center">{text('display')}</Divider>
      <ul className={styles.switches}>
        {SWITCHES.map((name) => (
          <li key={name} className={styles.switchRow}>
            <span id={`setting-${name}`}>{text(name)}</span>
            <Switch
              size="small"
              checked={preferences[name]}
              aria-labelledby={`setting-${name}`}
              data-setting={name}
              onChange={(checked) => set({ [name]: checked })}
            />
          </li>
        ))}
      </ul>

      <Button block onClick={restoreDefaults} className={styles.reset}>
        {text('resetSettings')}
      </Button>
    </Drawer>
  );
}
