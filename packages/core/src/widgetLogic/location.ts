// The location widget's value (§3 Location value) and its scope rules (§4 Location): the JSON text it stores,
// the distance on the earth between two points, and the adjustment-radius and allowed-circle checks.
import { toNumeric } from './numbers.js';
import { WIDGET_OK, widgetFailure, type WidgetCheck } from './messages.js';

export interface LocationValue {
  pName: string;
  cName: string;
  adName: string;
  address: string;
  name: string;
  lng: string | number;
  lat: string | number;
  fullAddress: string;
}

export interface GeoPoint {
  lng: number;
  lat: number;
}

/** One allowed circle: centre and radius in metres. */
export interface LocationScope {
  lng: number | string;
  lat: number | string;
  radius: number | string;
}

export const LOCATION_KEYS = ['pName', 'cName', 'adName', 'address', 'name', 'lng', 'lat', 'fullAddress'] as const;
/** The map's centre before anything is chosen (the reference's default, in Beijing). */
export const DEFAULT_LOCATION_CENTER: Readonly<GeoPoint> = /* @__PURE__ */ Object.freeze({ lng: 116.404, lat: 39.915 });
export const LOCATION_ADJUSTMENT_RADIUS = 500;
export const LOCATION_MAP_ZOOM = 16;
export const LOCATION_LIST_PAGE_SIZE = 50;
export const LOCATION_GEOLOCATION_TIMEOUT_MS = 1500;
export const LOCATION_STATIC_MAP = /* @__PURE__ */ Object.freeze({ zoom: 19, size: '80*80' });
/** Longest text of one key of a stored location, and of the whole JSON text. */
export const LOCATION_MAX_PART_LENGTH = 500;
export const LOCATION_MAX_TEXT_LENGTH = 4000;

/** Mean earth radius in metres (IUGG), for the haversine distance. */
export const EARTH_RADIUS_M = 6371008.8;

/** Great-circle distance in metres between two points given in degrees. */
export function haversineDistance(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A point from loose coordinates (text or numbers); null when either is not a number or out of range. */
export function toGeoPoint(lng: unknown, lat: unknown): GeoPoint | null {
  const x = toNumeric(lng);
  const y = toNumeric(lat);
  if (x === null || y === null || x < -180 || x > 180 || y < -90 || y > 90) return null;
  return { lng: x, lat: y };
}

const MISSING = Symbol('missing');

/**
 * Reads a stored location: '' (or null) is no location and gives null; JSON text (or an object) with only the
 * eight keys — text for the names, a non-empty fullAddress, numbers or numeric text for lng/lat in range —
 * is the value; anything else is not a location and gives undefined.
 */
export function parseLocationValue(value: unknown): LocationValue | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  let parsed: unknown = value;
  if (typeof value === 'string') {
    if (value.length > LOCATION_MAX_TEXT_LENGTH) return undefined;
    try {
      parsed = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const record = parsed as Record<string, unknown>;
  if (Object.keys(record).some((key) => !(LOCATION_KEYS as readonly string[]).includes(key))) return undefined;
  const textOf = (key: string): string | typeof MISSING => {
    const v = record[key];
    if (v === undefined || v === null) return '';
    return typeof v === 'string' && v.length <= LOCATION_MAX_PART_LENGTH ? v : MISSING;
  };
  const parts = {
    pName: textOf('pName'),
    cName: textOf('cName'),
    adName: textOf('adName'),
    address: textOf('address'),
    name: textOf('name'),
    fullAddress: textOf('fullAddress'),
  };
  if (Object.values(parts).some((p) => p === MISSING)) return undefined;
  const lng = record.lng;
  const lat = record.lat;
  if ((typeof lng !== 'string' && typeof lng !== 'number') || (typeof lat !== 'string' && typeof lat !== 'number'))
    return undefined;
  if (!toGeoPoint(lng, lat)) return undefined;
  if (!parts.fullAddress) return undefined;
  return { ...(parts as Record<keyof typeof parts, string>), lng, lat };
}

/** The zoom levels a map picture may be asked at (the maps service's own range). */
export const LOCATION_MAP_ZOOM_RANGE = /* @__PURE__ */ Object.freeze({ min: 3, max: 19 });

/**
 * The point `dx`, `dy` pixels away from `point` on a Web Mercator map at this zoom (256-pixel tiles, y down), as
 * a click on a map picture centred on `point` names it. Latitudes stay inside the projection's ±85.05°.
 */
export function panGeoPoint(point: GeoPoint, dx: number, dy: number, zoom: number): GeoPoint {
  const world = 256 * 2 ** zoom;
  const sin = Math.sin((point.lat * Math.PI) / 180);
  const x = ((point.lng + 180) / 360) * world + dx;
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * world + dy;
  const clampedY = Math.min(Math.max(y, 0), world);
  const raw = (x / world) * 360 - 180;
  const lng = ((((raw + 180) % 360) + 360) % 360) - 180;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * clampedY) / world))) * 180) / Math.PI;
  return { lng, lat };
}

/** The stored text is empty or a well-formed location. */
export function checkLocationValue(value: unknown): WidgetCheck {
  return parseLocationValue(value) === undefined ? widgetFailure('locationShape') : WIDGET_OK;
}

/** Whether `point` lies within `radius` metres of `centre` (the adjustment rule); radius 0 or missing means 500. */
export function checkAdjustmentRange(centre: GeoPoint, point: GeoPoint, radius?: number | null): WidgetCheck {
  const limit = radius && radius > 0 ? radius : LOCATION_ADJUSTMENT_RADIUS;
  return haversineDistance(centre, point) > limit ? widgetFailure('locationBeyondAdjustment') : WIDGET_OK;
}

/** The usable circles of a scope list: those with a centre and a positive radius. */
export function usableScopes(
  scopes: readonly LocationScope[] | null | undefined,
): { centre: GeoPoint; radius: number }[] {
  const out: { centre: GeoPoint; radius: number }[] = [];
  for (const scope of scopes ?? []) {
    const centre = toGeoPoint(scope?.lng, scope?.lat);
    const radius = toNumeric(scope?.radius);
    if (centre && radius !== null && radius > 0) out.push({ centre, radius });
  }
  return out;
}

/** Inside at least one circle, or no usable circle at all. */
export function isWithinScopes(point: GeoPoint, scopes: readonly LocationScope[] | null | undefined): boolean {
  const circles = usableScopes(scopes);
  return !circles.length || circles.some((c) => haversineDistance(c.centre, point) <= c.radius);
}

export function checkLocationScopes(point: GeoPoint, scopes: readonly LocationScope[] | null | undefined): WidgetCheck {
  return isWithinScopes(point, scopes) ? WIDGET_OK : widgetFailure('locationOutsideScope');
}

/** The location field's props that constrain a choice. */
export interface LocationRules {
  enableLocationScope?: boolean;
  adjustmentScope?: number | null;
  enableDesktopLocation?: boolean;
  locationScope?: readonly LocationScope[] | null;
}

/**
 * The picker's confirm: something must be chosen; with scope limiting on it must lie within the adjustment
 * radius of the start point; with desktop scopes set it must lie inside one of them.
 */
export function checkLocationChoice(
  chosen: GeoPoint | null | undefined,
  rules: LocationRules,
  start?: GeoPoint | null,
): WidgetCheck {
  if (!chosen) return widgetFailure('locationSelectAddress');
  if (rules.enableLocationScope && start) {
    const adjustment = checkAdjustmentRange(start, chosen, rules.adjustmentScope);
    if (!adjustment.ok) return adjustment;
  }
  if (rules.enableDesktopLocation) return checkLocationScopes(chosen, rules.locationScope);
  return WIDGET_OK;
}

/**
 * The server's check of a stored location: well formed, and inside the allowed circles when the field sets
 * them. (The adjustment radius is about where the user stood, which only the browser knows.)
 */
export function checkStoredLocation(value: unknown, rules: LocationRules = {}): WidgetCheck {
  const location = parseLocationValue(value);
  if (location === undefined) return widgetFailure('locationShape');
  if (location === null || !rules.enableDesktopLocation) return WIDGET_OK;
  return checkLocationScopes(toGeoPoint(location.lng, location.lat)!, rules.locationScope);
}

/** A place from the maps provider's search (its field names). */
export interface MapPlace {
  pname?: string;
  cityname?: string;
  adname?: string;
  address?: string | unknown[];
  name?: string;
  /** "lng,lat" */
  location?: string;
}

/**
 * The stored value for a chosen place. Municipalities repeat the province as the city (and Taiwan as the
 * district too), so the full address leaves the repeats out.
 */
export function locationFromPlace(place: MapPlace): LocationValue | null {
  const [lngText = '', latText = ''] = (place.location ?? '').split(',');
  if (!toGeoPoint(lngText, latText)) return null;
  const pName = place.pname ?? '';
  const cName = place.cityname ?? '';
  const adName = place.adname ?? '';
  const address = typeof place.address === 'string' ? place.address : '';
  const name = place.name ?? '';
  let fullAddress = pName + cName + adName + address + name;
  if (pName === cName) fullAddress = pName + adName + address + name;
  if (pName === cName && pName === adName) fullAddress = pName + address + name;
  return { pName, cName, adName, address, name, lng: lngText, lat: latText, fullAddress };
}

/**
 * A location field's stored value as a save checks it (the form before sending, the server on every write): well
 * formed, and inside the allowed circles when the design sets them, the refusal naming the field.
 */
export function checkLocationField(value: unknown, rules: LocationRules = {}): WidgetCheck {
  const check = checkStoredLocation(value, rules);
  return !check.ok && check.error.key === 'locationOutsideScope' ? widgetFailure('locationFieldOutsideScope') : check;
}

/** The scope rules a location field's design sets. */
export function locationRulesOf(field: {
  enableLocationScope?: unknown;
  adjustmentScope?: unknown;
  enableDesktopLocation?: unknown;
  locationScope?: unknown;
}): LocationRules {
  return {
    enableLocationScope: field.enableLocationScope === true,
    adjustmentScope: typeof field.adjustmentScope === 'number' ? field.adjustmentScope : null,
    enableDesktopLocation: field.enableDesktopLocation === true,
    locationScope: Array.isArray(field.locationScope) ? (field.locationScope as LocationScope[]) : null,
  };
}
