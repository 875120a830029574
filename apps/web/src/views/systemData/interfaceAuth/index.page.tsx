// systemData/interfaceAuth: the interface-authentication screen (接口认证).
export { default } from './InterfaceAuthPage';
