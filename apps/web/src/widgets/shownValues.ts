// The display texts of the record a form shows (DataChange), when the form has them: a field whose stored value is
// an id of something the form cannot name by itself (a relation form's record) reads its text here.
import { createContext, useContext } from 'react';

const NONE: Readonly<Record<string, unknown>> = {};

export const ShownValuesContext = createContext<Readonly<Record<string, unknown>>>(NONE);

/** the record's display texts, by __vModel__ (and <field>_id for the ids beside them); empty when none */
export const useShownValues = () => useContext(ShownValuesContext);
