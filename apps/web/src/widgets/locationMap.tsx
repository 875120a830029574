// The location picker's map: a picture of the map around the centre from the server's maps service
// (/api/system/Location/staticmap, which holds the key), with a marker on the centre. A click moves the centre to
// the clicked point (Web Mercator at the picture's zoom); on the focused map the arrow keys move it by a step and
// + and - zoom. When the service cannot draw (not configured, a bad key) the map says so and the rest of the
// picker still works. In a form link's public form (PublicMapContext given) the pictures, and the picker's place
// searches, go through the link's own routes (ShortLink/{modelId}/Location/…, with its token and password
// ticket): the visitor has no session.
import { EnvironmentFilled, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { LOCATION_MAP_ZOOM_RANGE, panGeoPoint, type GeoPoint, type MapPlace } from '@jnpf/core';
import { Button, Spin, Typography } from 'antd';
import { createContext, useContext, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { buildUrl } from '../platform/request';
import { getToken } from '../platform/session';
import styles from './SignLocation.module.css';
import { signLocationTexts } from './signLocationTexts';

/** the picture's size: the 600 px dialog's body less its padding */
export const MAP_WIDTH = 552;
export const MAP_HEIGHT = 240;
/** how far an arrow key moves the centre, in pixels of the picture */
const KEY_STEP_PX = 60;

/** the picture's address for a centre and zoom (the picker's size unless given) */
export function mapPicturePath(
  centre: GeoPoint,
  zoom: number,
  size = { width: MAP_WIDTH, height: MAP_HEIGHT },
): string {
  const query = new URLSearchParams({
    location: `${centre.lng.toFixed(6)},${centre.lat.toFixed(6)}`,
    zoom: String(zoom),
    size: `${size.width}*${size.height}`,
  });
  return `${PICTURE_PATH}?${query}`;
}

const PICTURE_PATH = '/api/system/Location/staticmap';

/** the maps service of a form link's public form: a picture for a query (with the link's ticket), the searches */
export interface PublicMapSource {
  fetchPicture(query: string, signal: AbortSignal): Promise<Response>;
  places(kind: 'around' | 'text', query: Record<string, string | number>): Promise<{ pois?: MapPlace[] }>;
}

/** given by a form link's public form; null when signed in (the system's /api/system/Location routes) */
export const PublicMapContext = createContext<PublicMapSource | null>(null);

interface Picture {
  /** what to draw: the latest picture that came, which may be an earlier centre's while the next one loads */
  src: string | null;
  loading: boolean;
  /** why the picture for this address cannot be drawn ('' when the server said nothing); null when it can */
  failed: string | null;
}

/** the picture at this address, fetched with the token; a refusal's message when the server answers one */
export function usePicture(path: string): Picture {
  const [state, setState] = useState<{ path: string; src: string | null; failed: string | null }>({
    path: '',
    src: null,
    failed: null,
  });
  const current = useRef<string | null>(null);
  const source = useContext(PublicMapContext);
  useEffect(() => {
    const abort = new AbortController();
    // a visitor's picture through the link, a signed-in user's with the token
    const query = path.startsWith(`${PICTURE_PATH}?`) ? path.slice(PICTURE_PATH.length + 1) : null;
    const signedIn = () => {
      const headers: Record<string, string> = { 'jnpf-origin': 'pc' };
      const token = getToken();
      if (token) headers.Authorization = token;
      return fetch(buildUrl(path, undefined), { headers, signal: abort.signal });
    };
    const show = (src: string | null, failed: string | null) => {
      if (current.current) URL.revokeObjectURL(current.current);
      current.current = src;
      setState({ path, src, failed });
    };
    (source && query !== null ? source.fetchPicture(query, abort.signal) : signedIn())
      .then(async (response) => {
        // anything but a picture is a refusal: its envelope's message when it has one
        if (!(response.headers.get('content-type') ?? '').startsWith('image/')) {
          const text = await response.text();
          let reason = '';
          try {
            reason = String((JSON.parse(text) as { msg?: unknown }).msg ?? '');
          } catch {
            // not an envelope: nothing to say
          }
          if (!abort.signal.aborted) show(null, reason);
          return;
        }
        const blob = await response.blob();
        if (!abort.signal.aborted) show(URL.createObjectURL(blob), null);
      })
      .catch(() => {
        if (!abort.signal.aborted) show(null, '');
      });
    return () => abort.abort();
  }, [path, source]);
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
    },
    [],
  );
  const loading = state.path !== path;
  return { src: state.src, loading, failed: loading ? null : state.failed };
}

export function LocationMap({
  centre,
  zoom,
  onMove,
  onZoom,
}: {
  centre: GeoPoint;
  zoom: number;
  /** the centre the user moved the map to */
  onMove: (centre: GeoPoint) => void;
  onZoom: (zoom: number) => void;
}) {
  const t = signLocationTexts.useText();
  const picture = usePicture(mapPicturePath(centre, zoom));

  const moveBy = (dx: number, dy: number) => onMove(panGeoPoint(centre, dx, dy, zoom));
  const zoomTo = (next: number) =>
    onZoom(Math.min(LOCATION_MAP_ZOOM_RANGE.max, Math.max(LOCATION_MAP_ZOOM_RANGE.min, next)));
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    // the picture may be drawn narrower than asked (a narrow window): scale the offset back to its pixels
    const scale = box.width > 0 ? MAP_WIDTH / box.width : 1;
    moveBy((event.clientX - box.left - box.width / 2) * scale, (event.clientY - box.top - box.height / 2) * scale);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, [number, number]> = {
      ArrowLeft: [-KEY_STEP_PX, 0],
      ArrowRight: [KEY_STEP_PX, 0],
      ArrowUp: [0, -KEY_STEP_PX],
      ArrowDown: [0, KEY_STEP_PX],
    };
    const step = steps[event.key];
    if (step) moveBy(step[0], step[1]);
    else if (event.key === '+' || event.key === '=') zoomTo(zoom + 1);
    else if (event.key === '-') zoomTo(zoom - 1);
    else return;
    event.preventDefault();
  };

  return (
    <div className={styles.mapFrame}>
      <div
        role="application"
        aria-label={t('locationMap')}
        aria-describedby="location-map-hint"
        tabIndex={0}
        className={styles.map}
        style={{ aspectRatio: `${MAP_WIDTH} / ${MAP_HEIGHT}` }}
        onClick={picture.failed === null ? onClick : undefined}
        onKeyDown={onKeyDown}
        data-testid="location-map"
      >
        {picture.src && <img src={picture.src} alt="" draggable={false} className={styles.mapPicture} />}
        {picture.failed !== null ? (
          <Typography.Text type="secondary" className={styles.mapMessage}>
            {picture.failed ? t('locationMapUnavailableWhy', { why: picture.failed }) : t('locationMapUnavailable')}
          </Typography.Text>
        ) : (
          <>
            <EnvironmentFilled className={styles.mapMarker} aria-hidden />
            {picture.loading && <Spin size="small" className={styles.mapLoading} />}
          </>
        )}
      </div>
      <div className={styles.mapTools}>
        <Button
          size="small"
          icon={<PlusOutlined />}
          aria-label={t('locationZoomIn')}
          disabled={zoom >= LOCATION_MAP_ZOOM_RANGE.max}
          onClick={() => zoomTo(zoom + 1)}
        />
        <Button
          size="small"
          icon={<MinusOutlined />}
          aria-label={t('locationZoomOut')}
          disabled={zoom <= LOCATION_MAP_ZOOM_RANGE.min}
          onClick={() => zoomTo(zoom - 1)}
        />
      </div>
      <Typography.Text type="secondary" id="location-map-hint" className={styles.mapHint}>
        {t('locationMapHint')}
      </Typography.Text>
    </div>
  );
}
