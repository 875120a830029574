// Input rules the signed-in user's own calls share. NUL, which validate() refuses in any input, is answered here
// with this module's message, beside the other fields' errors.
import { z } from 'zod';
import { noNul } from '../../platform/fields.js';
import { msg } from '../../platform/validation.js';
import { m } from './messages.js';

/** the string schema, refusing NUL with this module's message */
export const refuseNul = <T extends z.ZodString>(schema: T) => schema.refine(noNul, msg(m.invalidCharacters));

/** an id in a path or body; compared in SQL, so it must be storable text */
export const idText = refuseNul(z.string().max(50));
