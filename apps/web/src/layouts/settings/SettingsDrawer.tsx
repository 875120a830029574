// The settings drawer, bound to the preferences object: layout mode, side style, theme colour
// and the display switches. Every change applies at once and is stored (platform/preferences); the layout
// choice is also saved on the server (PUT /api/permission/Users/Current/SystemTheme).
import { CheckOutlined } from '@ant-design/icons';
import { LAYOUT_THEMES, type LayoutTheme } from '@jnpf/core';
import { Button, Divider, Drawer, Switch, Tooltip } from 'antd';
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
      <Divider titlePlacement="center">{text('layoutMode')}</Divider>
      <div className={styles.choices} role="radiogroup" aria-label={text('layoutMode')}>
        {LAYOUT_THEMES.map((layout) => (
          <Tooltip key={layout} title={text(LAYOUT_LABELS[layout])}>
            <button
              type="button"
              role="radio"
              aria-checked={preferences.layoutType === layout}
              aria-label={text(LAYOUT_LABELS[layout])}
              data-layout-choice={layout}
              className={`${styles.choice} ${preferences.layoutType === layout ? styles.chosen : ''}`}
              onClick={() => chooseLayout(layout)}
            >
              <LayoutPicture layout={layout} dark />
              {preferences.layoutType === layout && <CheckOutlined className={styles.check} />}
            </button>
          </Tooltip>
        ))}
      </div>

      <Divider titlePlacement="center">{text('sideStyle')}</Divider>
      <div className={styles.choices} role="radiogroup" aria-label={text('sideStyle')}>
        {SIDE_STYLES.map((style) => (
          <Tooltip key={style} title={text(SIDE_LABELS[style])}>
            <button
              type="button"
              role="radio"
              aria-checked={preferences.sideStyle === style}
              aria-label={text(SIDE_LABELS[style])}
              data-side-style={style}
              className={`${styles.choice} ${preferences.sideStyle === style ? styles.chosen : ''}`}
              onClick={() => set({ sideStyle: style })}
            >
              <LayoutPicture layout="classic" dark={style === 'dark'} />
              {preferences.sideStyle === style && <CheckOutlined className={styles.check} />}
            </button>
          </Tooltip>
        ))}
      </div>

      <Divider titlePlacement="center">{text('themeColor')}</Divider>
      <div className={styles.colors} role="radiogroup" aria-label={text('themeColor')}>
        {(Object.keys(THEME_COLORS) as ThemeColorName[]).map((name) => (
          <Tooltip key={name} title={text(COLOR_LABELS[name])}>
            <button
              type="button"
              role="radio"
              aria-checked={preferences.themeColor === name}
              aria-label={text(COLOR_LABELS[name])}
              data-color={name}
              className={styles.color}
              style={{ background: THEME_COLORS[name] }}
              onClick={() => set({ themeColor: name })}
            >
              {preferences.themeColor === name && <CheckOutlined />}
            </button>
          </Tooltip>
        ))}
      </div>

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
