// Refusals of the area calls and the map lookups; the reference's Chinese verbatim where it has them.
import { defineMessages } from '../../platform/i18n.js';

export const m = defineMessages('area', {
  parentRequired: { zh: '区域上级不能为空', zhtw: '區域上級不能為空', en: 'The parent area cannot be empty' },
  parentMissing: { zh: '上级区域不存在', zhtw: '上級區域不存在', en: 'The parent area does not exist' },
  parentInside: {
    zh: '上级区域不能是自己或自己的下级',
    zhtw: '上級區域不能是自己或自己的下級',
    en: 'An area cannot be moved under itself or one of its descendants',
  },
  fullNameRequired: { zh: '区域名称不能为空', zhtw: '區域名稱不能為空', en: 'The area name cannot be empty' },
  fullNameTooLong: {
    zh: '区域名称最多为50个字符',
    zhtw: '區域名稱最多為50個字元',
    en: 'The area name can be at most 50 characters',
  },
  enCodeRequired: { zh: '区域编码不能为空', zhtw: '區域編碼不能為空', en: 'The area code cannot be empty' },
  enCodeTooLong: {
    zh: '区域编码最多为50个字符',
    zhtw: '區域編碼最多為50個字元',
    en: 'The area code can be at most 50 characters',
  },
  codeExists: { zh: '区域编码不能重复', zhtw: '區域編碼不能重複', en: 'The area code is already in use' },
  hasChildren: {
    zh: '删除失败，当前有子节点数据',
    zhtw: '刪除失敗，當前有子節點數據',
    en: 'Delete failed: the area has sub-areas',
  },
  enabledMark: { zh: '状态只能为0或1', zhtw: '狀態只能為0或1', en: 'The state must be 0 or 1' },
  sortCode: {
    zh: '排序须为0到999999之间的整数',
    zhtw: '排序須為0到999999之間的整數',
    en: 'The order must be a whole number from 0 to 999999',
  },
  mapNotConfigured: { zh: '地图服务未配置', zhtw: '地圖服務未配置', en: 'The map service is not configured' },
  mapFailed: {
    zh: '地图服务请求失败：{detail}',
    zhtw: '地圖服務請求失敗：{detail}',
    en: 'The map service failed: {detail}',
  },
  mapSize: {
    zh: '图片尺寸格式错误，应为“宽*高”，每边1到1024像素',
    zhtw: '圖片尺寸格式錯誤，應為「寬*高」，每邊1到1024像素',
    en: 'The picture size must be "width*height", each 1 to 1024 pixels',
  },
  locationFormat: {
    zh: '坐标格式错误，应为“经度,纬度”',
    zhtw: '座標格式錯誤，應為「經度,緯度」',
    en: 'The location must be "longitude,latitude"',
  },
  keywordsRequired: { zh: '关键字不能为空', zhtw: '關鍵字不能為空', en: 'The keywords cannot be empty' },
});
