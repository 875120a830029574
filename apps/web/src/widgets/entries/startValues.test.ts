// The pickers' starting values: the ids (or a mixed picker's entries) the design's default gives, one or with
// `multiple` a list; "current user" becomes whoever opens the record, and stands for no one on a public form.
import { describe, expect, it } from 'vitest';
import { defaultValueOf } from '../defaults';
import { fieldOf } from '../testing';

const NOW = 0;
const start = (field: ReturnType<typeof fieldOf>, userId = 'u1') => defaultValueOf(field, NOW, userId);

describe('picker start values', () => {
  it('a mixed picker\'s "current user" entry becomes the signed-in user\'s entry', () => {
    const one = fieldOf('usersSelect', 'one', '参与人', { config: { defaultValue: 'currentUser--user' } });
    const many = fieldOf('usersSelect', 'many', '参与人', {
      multiple: true,
      config: { defaultValue: ['currentUser--user', 'r1--role', 'u1--user'] },
    });
    expect(start(one)).toBe('u1--user');
    // the signed-in user already among the entries is kept once
    expect(start(many)).toEqual(['u1--user', 'r1--role']);
    // nobody signed in: left out
    expect(start(one, '')).toBeUndefined();
    expect(start(many, '')).toEqual(['r1--role', 'u1--user']);
    expect(start({ ...many, __config__: { ...many.__config__, defaultValue: ['currentUser--user'] } }, '')).toBe(
      undefined,
    );
  });

  it('a mixed picker keeps the entries it is given, and "currentUser" only as a user entry', () => {
    const field = fieldOf('usersSelect', 'f', '参与人', {
      multiple: true,
      config: { defaultValue: ['d1--department', 'currentUser', 'currentUser--role'] },
    });
    expect(start(field)).toEqual(['d1--department', 'currentUser', 'currentUser--role']);
  });

  it('the directory pickers start with the ids given, a list with `multiple`', () => {
    const many = fieldOf('depSelect', 'deps', '部门', { multiple: true, config: { defaultValue: ['d1', 'd2', 'd1'] } });
    const one = fieldOf('roleSelect', 'role', '角色', { config: { defaultValue: 'r1' } });
    const empty = fieldOf('posSelect', 'pos', '岗位', { multiple: true, config: { defaultValue: [] } });
    expect(start(many)).toEqual(['d1', 'd2']);
    expect(start(one)).toBe('r1');
    expect(start(empty)).toBeUndefined();
    // a list given to a single picker: its first id
    expect(start({ ...one, __config__: { ...one.__config__, defaultValue: ['r2', 'r3'] } })).toBe('r2');
  });

  it('a user picker\'s "current user" still becomes the signed-in user\'s id', () => {
    const field = fieldOf('userSelect', 'u', '负责人', { multiple: true, config: { defaultValue: ['currentUser'] } });
    expect(start(field)).toEqual(['u1']);
    expect(start(field, '')).toBeUndefined();
  });
});

describe('path start values', () => {
  it('a cascader starts with its default path, a list of paths with `multiple`', () => {
    const one = fieldOf('cascader', 'region', '区域', { config: { defaultValue: ['e', 'sh'] } });
    const many = fieldOf('cascader', 'regions', '区域', {
      multiple: true,
      config: { defaultValue: [['e', 'sh'], ['n'], [], 'x'] },
    });
    expect(start(one)).toEqual(['e', 'sh']);
    expect(start(many)).toEqual([['e', 'sh'], ['n']]);
    // one path given to a multiple field is one of its paths
    expect(start({ ...many, __config__: { ...many.__config__, defaultValue: ['e', 'sh'] } })).toEqual([['e', 'sh']]);
    // nothing usable: empty
    expect(start({ ...one, __config__: { ...one.__config__, defaultValue: [] } })).toBeUndefined();
    expect(start({ ...one, __config__: { ...one.__config__, defaultValue: ['e', ''] } })).toBeUndefined();
  });

  it('an area field starts with its default path', () => {
    const area = fieldOf('areaSelect', 'area', '地区', { config: { defaultValue: ['11', '1101'] } });
    expect(start(area)).toEqual(['11', '1101']);
  });
});
