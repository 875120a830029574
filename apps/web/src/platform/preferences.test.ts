import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_PREFERENCES,
  FONT_SIZE_METRICS,
  normalizePreferences,
  resetPreferences,
  toLayoutTheme,
  updatePreferences,
  usePreferences,
} from './preferences';

beforeEach(() => resetPreferences());

describe('preferences', () => {
  it('defaults to classic, blue, dark sidebar, tags on, cache off, language and search shown', () => {
    expect(DEFAULT_PREFERENCES).toMatchObject({
      layoutType: 'classic',
      themeColor: 'blue',
      sideStyle: 'dark',
      tagsView: true,
      tagsIcon: true,
      useCache: false,
      showLanguage: true,
      showSearch: true,
    });
    expect(usePreferences.getState()).toEqual(DEFAULT_PREFERENCES);
  });

  it('persists every change as one object under the product key', () => {
    updatePreferences({ themeColor: 'green', sideStyle: 'lightWhite', tagsView: false });
    const stored = JSON.parse(window.localStorage.getItem('jnpf_preferences')!);
    expect(stored).toMatchObject({
      themeColor: 'green',
      sideStyle: 'lightWhite',
      tagsView: false,
      layoutType: 'classic',
    });
    expect(normalizePreferences(stored)).toEqual(usePreferences.getState());
  });

  it('keeps valid stored fields and replaces invalid ones with defaults', () => {
    expect(
      normalizePreferences({
        layoutType: 'blend',
        themeColor: 'pink',
        sideStyle: 'dark',
        useCache: 'yes',
        showSearch: false,
      }),
    ).toEqual({ ...DEFAULT_PREFERENCES, layoutType: 'blend', showSearch: false });
    expect(normalizePreferences('garbage')).toEqual(DEFAULT_PREFERENCES);
  });

  it('accepts the four layouts from the sign-in theme, else classic', () => {
    expect(toLayoutTheme('functional')).toBe('functional');
    expect(toLayoutTheme('plain')).toBe('plain');
    expect(toLayoutTheme('modern')).toBe('classic');
    expect(toLayoutTheme(undefined)).toBe('classic');
  });

  it('keeps the application size, small by default, with input heights 40, 36, 32 and 28', () => {
    expect(DEFAULT_PREFERENCES.fontSize).toBe('small');
    expect(normalizePreferences({ fontSize: 'mini' }).fontSize).toBe('mini');
    expect(normalizePreferences({ fontSize: 'huge' }).fontSize).toBe('small');
    expect(Object.values(FONT_SIZE_METRICS).map((metrics) => metrics.controlHeight)).toEqual([40, 36, 32, 28]);
  });
});
