// A picker field with its dialog: the field (PickerTrigger) and the dialog (PickerDialog) wired to the field's
// state (usePickerField): its selection, removing and clearing it, cancel (the value as it was) and confirm. The
// tab and the keyword live in usePickerSearch, so the picker's panes can read them; closing the dialog either way
// starts the next opening on the first tab with no keyword.
import { useCallback, useState, type ReactNode } from 'react';
import { PickerDialog } from './PickerDialog';
import { PickerTrigger, type usePickerField } from './PickerField';

/** the dialog's tab and applied keyword; `reset` goes back to the first tab and no keyword */
export function usePickerSearch<Tab extends string>(first: Tab) {
  const [tab, setTab] = useState<Tab>(first);
  const [keyword, setKeyword] = useState('');
  const reset = useCallback(() => {
    setKeyword('');
    setTab(first);
  }, [first]);
  return { tab, setTab, keyword, setKeyword, reset };
}

export interface PickerShellProps<Tab extends string> {
  id?: string;
  state: ReturnType<typeof usePickerField>;
  search: ReturnType<typeof usePickerSearch<Tab>>;
  multiple: boolean;
  placeholder?: string;
  disabled?: boolean;
  clearable: boolean;
  /** every held entry's tag shown (PickerTrigger) */
  allTags?: boolean;
  /** the field's accessible name (PickerTrigger) */
  ariaLabel?: string;
  title: string;
  tabs: { key: Tab; label: string }[];
  /** the tab shown, when not the one searched (custom mode's one pane) */
  tab?: Tab;
  /** the left pane */
  children: ReactNode;
}

export function PickerShell<Tab extends string>({
  state,
  search,
  title,
  tabs,
  tab,
  children,
  ...trigger
}: PickerShellProps<Tab>) {
  return (
    <PickerTrigger
      {...trigger}
      state={state}
      dialog={
        <PickerDialog
          open={state.open}
          title={title}
          tabs={tabs}
          tab={tab ?? search.tab}
          onTab={(key) => search.setTab(key as Tab)}
          onSearch={search.setKeyword}
          selected={state.selected}
          onRemove={state.remove}
          onClear={state.clear}
          onCancel={() => {
            state.setOpen(false);
            search.reset();
          }}
          onConfirm={() => {
            state.confirm();
            search.reset();
          }}
        >
          {children}
        </PickerDialog>
      }
    />
  );
}
