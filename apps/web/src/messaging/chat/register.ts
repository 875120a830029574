// Makes the chat drawer the header's chat panel; its code loads when the chat icon is first clicked.
import { registerHeaderPanel } from '../../platform/messageCounts';

registerHeaderPanel('chat', () => import('./ChatDrawer'));
