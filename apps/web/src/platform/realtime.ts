// The signed-in shell's socket (JSON frames named by `method`): one connection to /websocket/{token} while a session
// lives, OnConnection on open, reconnection with back-off after a drop, and a frame bus the messaging views subscribe
// to. The badges (initMessage, messagePush, receiveMessage) and the session frames (logout, closeSocket, refresh) are
// handled here so they work whichever view is open.
import { create } from 'zustand';
import { addNoticeUnread, setChatUnread, setNoticeUnread, useMessageCounts } from './messageCounts';
import { currentAppPath, loginPathFor, navigateTo } from './navigation';
import { getToken, onSessionReset, resetSession, useSession } from './session';

export type Frame = { method: string } & Record<string, unknown>;
type FrameHandler = (frame: Frame) => void;

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'closed';

interface RealtimeState {
  status: RealtimeStatus;
  /** users with a connected socket (initMessage, then Online / Offline) */
  onlineUsers: ReadonlySet<string>;
}

export const useRealtime = create<RealtimeState>(() => ({ status: 'idle', onlineUsers: new Set() }));

/** Reconnection waits 1 s, 2 s, 4 s … up to this. */
const MAX_RETRY_MS = 30_000;

const handlers = new Map<string, Set<FrameHandler>>();
let socket: WebSocket | null = null;
let socketToken = '';
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let retries = 0;
/** set when the server said closeSocket or the session ended: no reconnection */
let stopped = true;

/** The socket address for a token, on this page's origin (http → ws, https → wss). */
export function socketUrl(token: string, origin: string = window.location.origin): string {
  return `${origin.replace(/^http/, 'ws')}/websocket/${encodeURIComponent(token)}`;
}

/** Subscribes to a server frame by method; returns the unsubscribe function. */
export function onFrame(method: string, handler: FrameHandler): () => void {
  let set = handlers.get(method);
  if (!set) handlers.set(method, (set = new Set()));
  set.add(handler);
  return () => set.delete(handler);
}

/** Sends a frame with the session token added; false when the socket is not open. */
export function sendFrame(frame: Frame): boolean {
  if (!socket || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify({ ...frame, token: socketToken }));
  return true;
}

function dispatch(frame: Frame): void {
  builtIn(frame);
  for (const handler of handlers.get(frame.method) ?? []) {
    try {
      handler(frame);
    } catch (err) {
      console.error('socket frame handler failed', err);
    }
  }
}

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function builtIn(frame: Frame): void {
  switch (frame.method) {
    case 'initMessage': {
      const unreadNums = Array.isArray(frame.unreadNums) ? (frame.unreadNums as { unreadNum?: unknown }[]) : [];
      setChatUnread(
        unreadNums.reduce((sum, row) => sum + num(row.unreadNum), 0),
        unreadNums.length > 0,
      );
      setNoticeUnread(num(frame.unreadTotalCount));
      const online = Array.isArray(frame.onlineUsers) ? frame.onlineUsers.filter((id) => typeof id === 'string') : [];
      useRealtime.setState({ onlineUsers: new Set(online as string[]) });
      break;
    }
    case 'messagePush':
      addNoticeUnread(num(frame.unreadNoticeCount) || 1);
      break;
    case 'receiveMessage':
      setChatUnread(useMessageCounts.getState().chatUnread + 1, true);
      break;
    case 'Online':
    case 'Offline': {
      if (typeof frame.userId !== 'string') break;
      const next = new Set(useRealtime.getState().onlineUsers);
      if (frame.method === 'Online') next.add(frame.userId);
      else next.delete(frame.userId);
      useRealtime.setState({ onlineUsers: next });
      break;
    }
    case 'logout':
      // another session's logout frame (same user, other token) is not ours
      if (typeof frame.token === 'string' && frame.token && frame.token !== socketToken) break;
      stopRealtime();
      resetSession();
      if (!currentAppPath().startsWith('/login')) navigateTo(loginPathFor(currentAppPath()), { replace: true });
      break;
    case 'closeSocket':
      stopRealtime();
      break;
    case 'refresh':
      window.location.reload();
      break;
  }
}

function scheduleReconnect(): void {
  if (stopped || retryTimer) return;
  const delay = Math.min(MAX_RETRY_MS, 1000 * 2 ** retries);
  retries += 1;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    open();
  }, delay);
}

function open(): void {
  const token = getToken();
  if (stopped || !token) return;
  socketToken = token;
  useRealtime.setState({ status: 'connecting' });
  const ws = new WebSocket(socketUrl(token));
  socket = ws;
  ws.onopen = () => {
    if (socket !== ws) return;
    retries = 0;
    useRealtime.setState({ status: 'open' });
    const systemId = useSession.getState().userInfo?.systemId ?? '';
    ws.send(JSON.stringify({ method: 'OnConnection', token, mobileDevice: false, systemId, isSeparate: false }));
  };
  ws.onmessage = (event) => {
    if (socket !== ws || typeof event.data !== 'string') return;
    let frame: unknown;
    try {
      frame = JSON.parse(event.data);
    } catch {
      return;
    }
    if (frame && typeof frame === 'object' && typeof (frame as Frame).method === 'string') dispatch(frame as Frame);
  };
  ws.onclose = () => {
    if (socket !== ws) return;
    socket = null;
    useRealtime.setState({ status: 'closed' });
    scheduleReconnect();
  };
}

/** Opens the socket for the current session (idempotent); the signed-in shell calls it on mount. */
export function startRealtime(): void {
  const token = getToken();
  if (!token) return;
  if (!stopped && socketToken === token && (socket || retryTimer)) return;
  stopRealtime();
  stopped = false;
  retries = 0;
  open();
}

/** Closes the socket and stops reconnecting. */
export function stopRealtime(): void {
  stopped = true;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  const ws = socket;
  socket = null;
  socketToken = '';
  if (ws && ws.readyState <= WebSocket.OPEN) ws.close(1000);
  useRealtime.setState({ status: 'idle', onlineUsers: new Set() });
}

onSessionReset(stopRealtime);
