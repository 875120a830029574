export * from './messages.js';
export * from './numbers.js';
export * from './amount.js';
export * from './calculate.js';
export * from './numberRange.js';
export * from './masks.js';
export * from './barcode.js';
export * from './location.js';
