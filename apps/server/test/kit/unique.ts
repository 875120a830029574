// Fresh names and codes for test data, so that no two tests (or runs) meet on a unique column.
import { randomBytes } from 'node:crypto';

/** the prefix and eight random hex digits */
export const unique = (prefix = '') => `${prefix}${randomBytes(4).toString('hex')}`;
