import { beforeEach, describe, expect, it } from 'vitest';
import { resetSession } from '../../platform/session';
import {
  addView,
  closeAllViews,
  closeOtherViews,
  closeView,
  pathAfterClose,
  tagsActions,
  useTags,
  type VisitedView,
} from './tagsStore';

const view = (path: string, affix = false): VisitedView => ({
  path,
  fullPath: path,
  name: path.slice(1),
  titleKey: null,
  title: path,
  menuType: 2,
  affix,
});

const home = view('/home', true);
const a = view('/a');
const b = view('/b');

beforeEach(() => useTags.setState({ views: [], refreshCounts: {} }));

describe('visited views', () => {
  it('adds a view once and updates its query', () => {
    const views = addView(addView([home, a], { ...a, fullPath: '/a?x=1' }), b);
    expect(views.map((item) => item.fullPath)).toEqual(['/home', '/a?x=1', '/b']);
  });

  it('never closes a pinned tab', () => {
    expect(closeView([home, a], '/home')).toEqual([home, a]);
    expect(closeOtherViews([home, a, b], '/b')).toEqual([home, b]);
    expect(closeAllViews([home, a, b])).toEqual([home]);
  });

  it('after closing the active tab goes to the last remaining tab, else the root path', () => {
    expect(pathAfterClose([home, a], '/b')).toBe('/a');
    expect(pathAfterClose([], '/b')).toBe('/');
    expect(pathAfterClose([home, a, b], '/b')).toBeNull();
  });

  it('close others on a tab that is not active goes to that tab', () => {
    useTags.setState({ views: [home, a, b] });
    expect(tagsActions.closeOthers('/a', '/b')).toBe('/a');
    expect(useTags.getState().views).toEqual([home, a]);
  });

  it('refresh bumps the view key', () => {
    tagsActions.refresh('/a');
    tagsActions.refresh('/a');
    expect(useTags.getState().refreshCounts['/a']).toBe(2);
  });

  it('empties on token reset', () => {
    useTags.setState({ views: [home, a] });
    resetSession();
    expect(useTags.getState().views).toEqual([]);
  });
});
