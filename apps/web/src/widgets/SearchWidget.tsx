// The search control of a list's search item: the one its widget's registry entry names, else a text box.
import { widgetOf } from './registry';
import { fieldOfSearchItem, TextSearch, type SearchWidgetProps } from './searchWidgets';

export function SearchWidget(props: SearchWidgetProps) {
  const field = fieldOfSearchItem(props.item);
  const Search = widgetOf(props.item.jnpfKey)?.Search ?? TextSearch;
  return <Search {...props} field={field} />;
}
