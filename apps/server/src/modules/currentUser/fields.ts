// Input rules the signed-in user's own calls share. (NUL and half surrogate pairs are refused for every route by
// the validation layer, with one message.)
import { z } from 'zod';

/** an id in a path or body */
export const idText = z.string().max(50);
