// What other modules may use of sign-in: the captcha check and the avatar address.
export { checkCaptcha } from './login.js';
export { avatarUrl } from './userInfo.js';
