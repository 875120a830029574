// Asks before a change to a list inside a form (removing a parameter, a configuration's template). The
// change stays in the form: nothing goes to the server until the record is saved, so no message shows.
import type { ReactNode } from 'react';
import { useConfirmAction } from '../../../components/admin';

export function useConfirmedChange() {
  const { confirm, holder } = useConfirmAction();
  return {
    /** render once beside the list: the confirmation lives there */
    holder,
    confirmChange: (question: ReactNode, apply: () => void) =>
      confirm(question, {
        action: async () => {
          apply();
          return { code: 200, msg: '', data: undefined };
        },
      }),
  };
}
