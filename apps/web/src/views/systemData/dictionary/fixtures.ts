// Test data of the dictionary screen's tests.

export const TYPES = '/api/system/DictionaryType';

/** the two root categories as the server lists them, the business one holding `children` */
export const categoryTree = (children: object[]) => [
  { id: '0', parentId: '-1', fullName: '业务字典', hasChildren: true, children },
  { id: '1', parentId: '-1', fullName: '系统字典', hasChildren: false, children: [] },
];

/** the items of a tree category: 制造业 above 汽车制造 (`car` overrides the latter's fields) */
export const industryTree = (car: object = {}) => [
  {
    id: 'n1',
    parentId: '0',
    fullName: '制造业',
    enCode: 'm',
    enabledMark: 1,
    sortCode: 0,
    hasChildren: true,
    children: [{ id: 'n2', parentId: 'n1', fullName: '汽车制造', enCode: 'car', enabledMark: 1, sortCode: 0, ...car }],
  },
];
