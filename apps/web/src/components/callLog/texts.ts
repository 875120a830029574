// Texts of the data-interface call log (the data-interface and interface-auth screens show it).
import { defineViewTexts } from '../../platform/viewText';

export const callLogTexts = defineViewTexts({
  zh: {
    title: '调用日志',
    invokTime: '调用时间',
    interfaceName: '接口名称',
    userId: '调用者',
    invokIp: 'IP地址',
    invokDevice: '设备',
    invokType: '请求方式',
    invokWasteTime: '耗时(毫秒)',
  },
  zhtw: {
    title: '調用日誌',
    invokTime: '調用時間',
    interfaceName: '介面名稱',
    userId: '調用者',
    invokIp: 'IP地址',
    invokDevice: '設備',
    invokType: '請求方式',
    invokWasteTime: '耗時(毫秒)',
  },
  en: {
    title: 'Call log',
    invokTime: 'Called at',
    interfaceName: 'Interface',
    userId: 'Caller',
    invokIp: 'IP address',
    invokDevice: 'Device',
    invokType: 'Method',
    invokWasteTime: 'Time taken (ms)',
  },
});
