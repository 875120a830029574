// The location field (定位, jnpfKey location): the chosen place's full address, and a 600 px dialog 选择位置 with a
// keyword search, a map picture of the centre that a click moves, and the places around the centre from the
// server's maps service (/api/system/Location), 50 a page, the next page read as the list nears its bottom.
// A place is chosen from that list only: one typed in would carry coordinates nobody looked up. When the service
// answers with a refusal (not configured, a bad key) the dialog says so. The choice is checked as the design
// asks: within the adjustment radius of where the user stood (scope limiting) and inside one of the allowed
// circles, with the reference's warnings. The value is the place's JSON text.
import { AimOutlined, EnvironmentOutlined } from '@ant-design/icons';
import {
  checkAdjustmentRange,
  checkLocationChoice,
  DEFAULT_LOCATION_CENTER,
  LOCATION_GEOLOCATION_TIMEOUT_MS,
  LOCATION_LIST_PAGE_SIZE,
  LOCATION_MAP_ZOOM,
  locationFromPlace,
  locationRulesOf,
  parseLocationValue,
  toGeoPoint,
  widgetMessage,
  type GeoPoint,
  type LocationValue,
  type MapPlace,
} from '@jnpf/core';
import { Alert, Button, Input, Modal, Space, Spin, Typography } from 'antd';
import { useContext, useEffect, useRef, useState } from 'react';
import { currentLanguage } from '../platform/i18n';
import { feedback } from '../platform/feedback';
import { failureMessage, http } from '../platform/request';
import { LocationMap, PublicMapContext, type PublicMapSource } from './locationMap';
import styles from './SignLocation.module.css';
import { signLocationTexts } from './signLocationTexts';
import type { InputWidgetProps, MockProps } from './types';

const DIALOG_WIDTH = 600;
const BASE = '/api/system/Location';
/** how near the bottom of the list (px) its next page is read */
const NEXT_PAGE_DISTANCE = 50;

interface PlacesAnswer {
  pois?: MapPlace[];
}

/** one page of the places of a search (around a point, or matching keywords); `full`: the page was a whole one */
async function places(
  kind: 'around' | 'text',
  query: Record<string, string | number>,
  /** a form link's maps (a visitor has no session); the system's routes when null */
  source: PublicMapSource | null,
  page = 1,
): Promise<{ list: LocationValue[]; full: boolean }> {
  const asked = { ...query, offset: LOCATION_LIST_PAGE_SIZE, page };
  const data = source
    ? await source.places(kind, asked)
    : (await http.get<PlacesAnswer>(`${BASE}/${kind}`, asked)).data;
  const pois = data?.pois ?? [];
  return {
    list: pois.map(locationFromPlace).filter((p): p is LocationValue => p !== null),
    full: pois.length >= LOCATION_LIST_PAGE_SIZE,
  };
}

/** where the browser is, or null after the reference's 1.5 s */
function whereAmI(): Promise<GeoPoint | null> {
  return new Promise((resolve) => {
    const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
    if (!geo) return resolve(null);
    const timer = setTimeout(() => resolve(null), LOCATION_GEOLOCATION_TIMEOUT_MS);
    geo.getCurrentPosition(
      (position) => {
        clearTimeout(timer);
        resolve({ lng: position.coords.longitude, lat: position.coords.latitude });
      },
      () => {
        clearTimeout(timer);
        console.error('location failed');
        resolve(null);
      },
      { timeout: LOCATION_GEOLOCATION_TIMEOUT_MS },
    );
  });
}

const pointOf = (place: LocationValue | null | undefined) => (place ? toGeoPoint(place.lng, place.lat) : null);

function LocationDialog({
  field,
  open,
  current,
  onClose,
  onConfirm,
}: {
  field: InputWidgetProps['field'];
  open: boolean;
  current: LocationValue | null;
  onClose: () => void;
  onConfirm: (place: LocationValue) => void;
}) {
  const t = signLocationTexts.useText();
  const source = useContext(PublicMapContext);
  const rules = locationRulesOf(field);
  const [start, setStart] = useState<GeoPoint | null>(null);
  const [centre, setCentre] = useState<GeoPoint>(DEFAULT_LOCATION_CENTER);
  const [zoom, setZoom] = useState(LOCATION_MAP_ZOOM);
  const [list, setList] = useState<LocationValue[]>([]);
  const [loading, setLoading] = useState(false);
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const [chosen, setChosen] = useState<LocationValue | null>(null);
  /** the search the list shows, its last page read and whether a next one may follow; null while none */
  const shown = useRef<{ kind: 'around' | 'text'; query: Record<string, string | number>; page: number } | null>(null);
  const [more, setMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);

  const search = async (kind: 'around' | 'text', query: Record<string, string | number>) => {
    const asked = { kind, query, page: 1 };
    shown.current = asked;
    setLoading(true);
    setMore(false);
    try {
      const found = await places(kind, query, source);
      if (shown.current !== asked) return;
      setList(found.list);
      setMore(found.full);
      setUnavailable(null);
    } catch (error) {
      if (shown.current !== asked) return;
      setList([]);
      setUnavailable(failureMessage(error));
    } finally {
      if (shown.current === asked) setLoading(false);
    }
  };
  /** the next page of the shown search, added below; a newer search meanwhile drops it */
  const nextPage = async () => {
    const at = shown.current;
    if (!at || !more || loading || loadingMore) return;
    const asked = { ...at, page: at.page + 1 };
    setLoadingMore(true);
    try {
      const found = await places(at.kind, at.query, source, asked.page);
      if (shown.current !== at) return;
      shown.current = asked;
      setList((l) => [...l, ...found.list]);
      setMore(found.full);
    } catch (error) {
      if (shown.current === at) {
        setMore(false);
        feedback.error(failureMessage(error));
      }
    } finally {
      setLoadingMore(false);
    }
  };
  const onScroll = (event: React.UIEvent<HTMLDivElement>) => {
    const box = event.currentTarget;
    if (box.scrollHeight - box.scrollTop - box.clientHeight <= NEXT_PAGE_DISTANCE) void nextPage();
  };

  // opening clears the choice; the centre is the stored place, else where the user is, else the default
  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setChosen(null);
    setZoom(LOCATION_MAP_ZOOM);
    void (async () => {
      const here = await whereAmI();
      if (cancelled) return;
      setStart(here);
      const point = pointOf(current) ?? here ?? DEFAULT_LOCATION_CENTER;
      setCentre(point);
      await search('around', { location: `${point.lng.toFixed(6)},${point.lat.toFixed(6)}` });
    })();
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on opening
  }, [open]);

  const confirm = () => {
    const check = checkLocationChoice(pointOf(chosen), rules, start);
    if (!check.ok) {
      const text = widgetMessage(check.error, currentLanguage());
      // a place outside the allowed circles, or beyond the fine-tuning range, is warned of; nothing chosen errs
      return check.error.key === 'locationSelectAddress' ? feedback.error(text) : feedback.warning(text);
    }
    onConfirm(chosen!);
  };
  /** the map moved by the user: with scope limiting, not beyond the fine-tuning range of where they stand */
  const moveMap = (point: GeoPoint) => {
    if (rules.enableLocationScope && start) {
      const check = checkAdjustmentRange(start, point, rules.adjustmentScope);
      if (!check.ok) return feedback.warning(widgetMessage(check.error, currentLanguage()));
    }
    setCentre(point);
    void search('around', { location: `${point.lng.toFixed(6)},${point.lat.toFixed(6)}` });
  };
  const choose = (place: LocationValue) => {
    setChosen(place);
    const point = pointOf(place);
    if (point) setCentre(point);
  };

  return (
    <Modal
      open={open}
      title={t('locationTitle')}
      width={DIALOG_WIDTH}
      mask={{ closable: false }}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('locationCancel')}
        </Button>,
        <Button key="ok" type="primary" onClick={confirm}>
          {t('locationConfirm')}
        </Button>,
      ]}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Input.Search
          aria-label={t('locationSearch')}
          placeholder={t('locationSearch')}
          enterButton
          onSearch={(keywords) =>
            keywords.trim()
              ? void search('text', { keywords: keywords.trim() })
              : void search('around', { location: `${centre.lng.toFixed(6)},${centre.lat.toFixed(6)}` })
          }
        />
        <div data-testid="location-centre" className={styles.centre}>
          <AimOutlined />
          <Typography.Text type="secondary">
            {t('locationCentre', {
              place: t('locationCoordinates', { lng: centre.lng.toFixed(6), lat: centre.lat.toFixed(6) }),
            })}
          </Typography.Text>
        </div>
        <LocationMap centre={centre} zoom={zoom} onMove={moveMap} onZoom={setZoom} />
        {unavailable && <Alert type="warning" showIcon title={t('locationNotConfigured', { reason: unavailable })} />}
        <Typography.Text strong>{t('locationNearby')}</Typography.Text>
        <div className={styles.placesBox} onScroll={onScroll} data-testid="location-places">
          {loading ? (
            <Spin />
          ) : (
            <ul role="listbox" aria-label={t('locationNearby')} className={styles.places}>
              {list.length ? (
                list.map((place, index) => (
                  <li
                    key={index}
                    role="option"
                    aria-selected={chosen === place}
                    tabIndex={0}
                    className={chosen === place ? `${styles.place} ${styles.chosen}` : styles.place}
                    onClick={() => choose(place)}
                    onKeyDown={(event) => (event.key === 'Enter' || event.key === ' ') && choose(place)}
                  >
                    <div className={styles.placeName}>{place.name || place.fullAddress}</div>
                    <Typography.Text type="secondary">{place.fullAddress}</Typography.Text>
                  </li>
                ))
              ) : (
                <li className={styles.none}>{t('locationNone')}</li>
              )}
              {loadingMore && (
                <li className={styles.none}>
                  <Spin size="small" />
                </li>
              )}
            </ul>
          )}
        </div>
        {chosen && (
          <Typography.Paragraph type="success" style={{ margin: 0 }} data-testid="location-chosen">
            {chosen.fullAddress}
          </Typography.Paragraph>
        )}
      </Space>
    </Modal>
  );
}

/**
 * With autoLocation, an empty field fills itself once with the nearest place around where the browser is, unless
 * that lies outside the allowed circles; any failure leaves it empty.
 */
function useAutoLocation(
  field: InputWidgetProps['field'],
  empty: boolean,
  off: boolean,
  fill: (p: LocationValue) => void,
) {
  const wanted = field.autoLocation === true && empty && !off;
  const source = useContext(PublicMapContext);
  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    void (async () => {
      const here = await whereAmI();
      if (!here || cancelled) return;
      const found = await places('around', { location: `${here.lng.toFixed(6)},${here.lat.toFixed(6)}` }, source).catch(
        () => ({ list: [] }),
      );
      const nearest = found.list[0];
      const rules = locationRulesOf(field);
      if (!nearest || cancelled || !checkLocationChoice(pointOf(nearest), { ...rules, enableLocationScope: false }).ok)
        return;
      fill(nearest);
    })();
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form opens
  }, [wanted]);
}

export function LocationWidget({ field, id, value, onChange, disabled }: InputWidgetProps) {
  const t = signLocationTexts.useText();
  const off = disabled || field.disabled === true;
  const place = parseLocationValue(value) ?? null;
  const [open, setOpen] = useState(false);
  useAutoLocation(field, !place, !!off, (found) => onChange?.(JSON.stringify(found)));
  return (
    <div id={id} className={styles.field}>
      {place && (
        <span>
          <EnvironmentOutlined /> {place.fullAddress}{' '}
          <Typography.Text type="secondary">
            ({t('locationCoordinates', { lng: String(place.lng), lat: String(place.lat) })})
          </Typography.Text>
        </span>
      )}
      {!off && (
        <Button icon={<EnvironmentOutlined />} onClick={() => setOpen(true)}>
          {t('locationPick')}
        </Button>
      )}
      {place && !off && field.clearable !== false && (
        <Button type="link" onClick={() => onChange?.('')}>
          {t('locationClear')}
        </Button>
      )}
      {!off && (
        <LocationDialog
          field={field}
          open={open}
          current={place}
          onClose={() => setOpen(false)}
          onConfirm={(chosen) => {
            onChange?.(JSON.stringify(chosen));
            setOpen(false);
          }}
        />
      )}
    </div>
  );
}

/** the canvas stand-in: the pick button */
export function LocationMock(_props: MockProps) {
  const t = signLocationTexts.useText();
  return <Button icon={<EnvironmentOutlined />}>{t('locationPick')}</Button>;
}
