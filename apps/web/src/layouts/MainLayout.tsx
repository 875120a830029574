// The signed-in shell: the layout of the user's preference (classic, functional, blend or plain; on screens
// narrower than 992 px always the classic layout with its drawer), the forced password change, the header
// panels and the notices. The server-state cache lives here: only signed-in views use it, and the sign-in
// page stays lighter without it.
import type { LayoutTheme } from '@jnpf/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { notification } from 'antd';
import { useEffect, type ComponentType } from 'react';
import { queryClient } from '../app/queryClient';
// the header's drawers: registered here, their code loads when first opened
import '../messaging/chat/register';
import '../messaging/notice/register';
import { bindNotification } from '../platform/feedback';
import { usePreferences } from '../platform/preferences';
import { startRealtime } from '../platform/realtime';
import { useSession } from '../platform/session';
import BlendLayout from './blend/BlendLayout';
import ClassicLayout from './classic/ClassicLayout';
import FunctionalLayout from './functional/FunctionalLayout';
import { HeaderPanels } from './parts/MessageIcons';
import PlainLayout from './plain/PlainLayout';
import ForcedPasswordChange from './password/ForcedPasswordChange';
import SettingsDrawer from './settings/SettingsDrawer';
import { setSettingsOpen, useShellUi } from './shellUi';
import { useIsMobile } from './useIsMobile';

const LAYOUTS: Record<LayoutTheme, ComponentType> = {
  classic: ClassicLayout,
  functional: FunctionalLayout,
  blend: BlendLayout,
  plain: PlainLayout,
};

/** The layout to render: the preference, except on narrow screens where only the classic drawer fits. */
export function layoutFor(preference: LayoutTheme, mobile: boolean): LayoutTheme {
  return mobile ? 'classic' : preference;
}

/** Notices (last sign-in, later message pushes) are shown by the signed-in shell. */
function NotificationHost() {
  const [notificationApi, holder] = notification.useNotification();
  useEffect(() => bindNotification(notificationApi), [notificationApi]);
  return holder;
}

export default function MainLayout() {
  const mobile = useIsMobile();
  const layoutType = usePreferences((state) => state.layoutType);
  const Layout = LAYOUTS[layoutFor(layoutType, mobile)] ?? ClassicLayout;
  const settingsOpen = useShellUi((state) => state.settingsOpen);
  const token = useSession((state) => state.token);
  // the socket lives as long as the signed-in shell's session (a reset closes it)
  useEffect(() => {
    if (token) startRealtime();
  }, [token]);
  return (
    <QueryClientProvider client={queryClient}>
      <NotificationHost />
      <Layout />
      <HeaderPanels />
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      <ForcedPasswordChange />
    </QueryClientProvider>
  );
}
