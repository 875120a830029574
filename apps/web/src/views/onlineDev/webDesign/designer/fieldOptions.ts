// The choices of an option field as the designer shows them (they live with the widgets, whose canvas
// stand-ins show them too).
export { useFieldChoices, type Choice } from '../../../../widgets/fieldChoices';
