// Registers the in-site message drawer with the header's bell; its code loads when first opened.
import { registerHeaderPanel } from '../../platform/messageCounts';

registerHeaderPanel('notice', () => import('./MessageDrawer'));
