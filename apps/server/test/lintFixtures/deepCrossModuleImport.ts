// Deliberately bad: a module file reaching into another module's internals instead of its face. The lint test
// feeds this text to ESLint as a file of src/modules/visualdev; the normal lint run and the build skip it.
import { findMenu } from '../menu/service.js';

export const menuOf = findMenu;
