// system/signature: the electronic seal screen.
export { default } from './SignaturePage';
