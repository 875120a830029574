// systemData/dictionary: the dictionary management screen (route name systemData-dictionary).
export { default } from './DictionaryPage';
