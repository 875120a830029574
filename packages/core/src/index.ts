export * from './cipher.js';
export * from './lang.js';
export * from './messages.js';
export * from './fieldRules.js';
export * from './passwordPolicy.js';
export * from './tree.js';
export * from './protocol.js';
export * from './richText.js';
