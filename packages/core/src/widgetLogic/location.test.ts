import { describe, expect, it } from 'vitest';
import {
  panGeoPoint,
  checkAdjustmentRange,
  checkLocationChoice,
  checkLocationScopes,
  checkLocationValue,
  checkStoredLocation,
  haversineDistance,
  isWithinScopes,
  locationFromPlace,
  parseLocationValue,
  toGeoPoint,
  usableScopes,
  type GeoPoint,
} from './location.js';
import { widgetMessage, type WidgetCheck } from './messages.js';

const tiananmen: GeoPoint = { lng: 116.3975, lat: 39.9087 };
/** a point `metres` due north of `from` */
const north = (from: GeoPoint, metres: number): GeoPoint => ({ lng: from.lng, lat: from.lat + metres / 111_195 });
const zh = (check: WidgetCheck) => (check.ok ? 'ok' : widgetMessage(check.error, 'zh', '位置'));

const place = {
  pName: '北京市',
  cName: '北京市',
  adName: '东城区',
  address: '东长安街',
  name: '天安门',
  lng: '116.3975',
  lat: '39.9087',
  fullAddress: '北京市东城区东长安街天安门',
};

describe('haversine distance', () => {
  it('measures known distances', () => {
    expect(haversineDistance(tiananmen, tiananmen)).toBe(0);
    // Beijing to Shanghai, about 1,067 km
    const shanghai = { lng: 121.4737, lat: 31.2304 };
    expect(haversineDistance(tiananmen, shanghai) / 1000).toBeCloseTo(1067, -1);
    // one degree of latitude is about 111.2 km
    expect(haversineDistance({ lng: 0, lat: 0 }, { lng: 0, lat: 1 })).toBeCloseTo(111_195, -1);
    expect(haversineDistance(tiananmen, north(tiananmen, 500))).toBeCloseTo(500, 0);
    // antipodes: half the circumference, no NaN
    expect(haversineDistance({ lng: 0, lat: 0 }, { lng: 180, lat: 0 })).toBeCloseTo(Math.PI * 6371008.8, 0);
  });
  it('reads loose coordinates and refuses out-of-range ones', () => {
    expect(toGeoPoint('116.1', '39.2')).toEqual({ lng: 116.1, lat: 39.2 });
    expect(toGeoPoint(181, 0)).toBeNull();
    expect(toGeoPoint(0, -91)).toBeNull();
    expect(toGeoPoint('x', 0)).toBeNull();
  });
});

describe('panning a map picture', () => {
  const centre = { lng: 116.404, lat: 39.915 };

  it('is where it was with no offset, and east and south for positive offsets', () => {
    const same = panGeoPoint(centre, 0, 0, 16);
    expect(same.lng).toBeCloseTo(centre.lng, 9);
    expect(same.lat).toBeCloseTo(centre.lat, 9);
    const moved = panGeoPoint(centre, 100, 100, 16);
    expect(moved.lng).toBeGreaterThan(centre.lng);
    expect(moved.lat).toBeLessThan(centre.lat);
  });

  it('moves a pixel by the ground distance of the zoom: about 1.83 m at zoom 16 near Beijing', () => {
    // 156,543.03 m per pixel at zoom 0 on the equator, times cos(latitude), halved per zoom level
    const metresPerPixel = (156543.03 * Math.cos((centre.lat * Math.PI) / 180)) / 2 ** 16;
    const east = panGeoPoint(centre, 100, 0, 16);
    expect(haversineDistance(centre, east)).toBeCloseTo(100 * metresPerPixel, 0);
    const north = panGeoPoint(centre, 0, -100, 16);
    expect(haversineDistance(centre, north)).toBeCloseTo(100 * metresPerPixel, 0);
    // one zoom level less: twice as far
    expect(haversineDistance(centre, panGeoPoint(centre, 100, 0, 15)) / haversineDistance(centre, east)).toBeCloseTo(
      2,
      3,
    );
  });

  it('wraps the longitude and keeps the latitude on the map', () => {
    // a quarter of the world east of 179.9° is 90.1° west
    expect(panGeoPoint({ lng: 179.9, lat: 0 }, 256, 0, 2).lng).toBeCloseTo(-90.1, 6);
    expect(panGeoPoint({ lng: 0, lat: 80 }, 0, -1e6, 3).lat).toBeCloseTo(85.0511, 3);
  });
});

describe('the stored location value', () => {
  it('is empty, or JSON text of the eight keys', () => {
    expect(parseLocationValue('')).toBeNull();
    expect(parseLocationValue(null)).toBeNull();
    expect(parseLocationValue(JSON.stringify(place))).toEqual(place);
    expect(parseLocationValue({ ...place, lng: 116.3975, lat: 39.9087 })).toMatchObject({ lng: 116.3975 });
    expect(checkLocationValue(JSON.stringify(place))).toEqual({ ok: true });
    expect(checkLocationValue('')).toEqual({ ok: true });
  });
  it('refuses anything else', () => {
    const bad = [
      'not json',
      '[]',
      '"text"',
      JSON.stringify({ ...place, lng: '200' }),
      JSON.stringify({ ...place, lat: 'north' }),
      JSON.stringify({ ...place, lat: null }),
      JSON.stringify({ ...place, fullAddress: '' }),
      JSON.stringify({ ...place, name: 5 }),
      JSON.stringify({ ...place, extra: '<script>' }),
      JSON.stringify({ ...place, address: 'x'.repeat(501) }),
      JSON.stringify({ ...place, pName: 'x'.repeat(4000) }),
      42,
    ];
    for (const value of bad) {
      expect(parseLocationValue(value)).toBeUndefined();
      expect(zh(checkLocationValue(value))).toBe('位置不是有效的位置');
    }
  });
  it('builds the value from a maps place, leaving out repeated province and city', () => {
    expect(
      locationFromPlace({
        pname: '浙江省',
        cityname: '杭州市',
        adname: '西湖区',
        address: '龙井路1号',
        name: '西湖',
        location: '120.1,30.2',
      }),
    ).toEqual({
      pName: '浙江省',
      cName: '杭州市',
      adName: '西湖区',
      address: '龙井路1号',
      name: '西湖',
      lng: '120.1',
      lat: '30.2',
      fullAddress: '浙江省杭州市西湖区龙井路1号西湖',
    });
    expect(
      locationFromPlace({
        pname: '北京市',
        cityname: '北京市',
        adname: '东城区',
        address: [],
        name: '天安门',
        location: '116.39,39.9',
      })?.fullAddress,
    ).toBe('北京市东城区天安门');
    expect(
      locationFromPlace({
        pname: '台湾省',
        cityname: '台湾省',
        adname: '台湾省',
        address: '',
        name: '台北',
        location: '121.5,25',
      })?.fullAddress,
    ).toBe('台湾省台北');
    expect(locationFromPlace({ name: 'nowhere', location: '' })).toBeNull();
  });
});

describe('scope rules', () => {
  it('keeps a choice within the adjustment radius, 500 m by default', () => {
    expect(checkAdjustmentRange(tiananmen, north(tiananmen, 499))).toEqual({ ok: true });
    expect(zh(checkAdjustmentRange(tiananmen, north(tiananmen, 501)))).toBe('超出微调范围');
    expect(checkAdjustmentRange(tiananmen, north(tiananmen, 900), 1000)).toEqual({ ok: true });
    expect(zh(checkAdjustmentRange(tiananmen, north(tiananmen, 600), 0))).toBe('超出微调范围');
  });
  it('wants a place inside at least one usable circle', () => {
    const scopes = [
      { lng: 116.3975, lat: 39.9087, radius: 1000 },
      { lng: 121.4737, lat: 31.2304, radius: '2000' },
      { lng: '', lat: 10, radius: 5 },
      { lng: 1, lat: 1, radius: 0 },
    ];
    expect(usableScopes(scopes)).toHaveLength(2);
    expect(isWithinScopes(north(tiananmen, 900), scopes)).toBe(true);
    expect(isWithinScopes({ lng: 121.48, lat: 31.23 }, scopes)).toBe(true);
    expect(zh(checkLocationScopes(north(tiananmen, 1100), scopes))).toBe('超出规定范围');
    expect(isWithinScopes({ lng: 0, lat: 0 }, [])).toBe(true);
    expect(isWithinScopes({ lng: 0, lat: 0 }, [{ lng: 'x', lat: 0, radius: 1 }])).toBe(true);
  });
  it('checks the picker’s confirm in order: chosen, adjustment, scopes', () => {
    const rules = {
      enableLocationScope: true,
      adjustmentScope: 500,
      enableDesktopLocation: true,
      locationScope: [{ lng: 116.3975, lat: 39.9087, radius: 300 }],
    };
    expect(zh(checkLocationChoice(null, rules, tiananmen))).toBe('请选择地址');
    expect(widgetMessage({ key: 'locationSelectAddress' }, 'en')).toBe('Please select an address');
    expect(zh(checkLocationChoice(north(tiananmen, 600), rules, tiananmen))).toBe('超出微调范围');
    expect(zh(checkLocationChoice(north(tiananmen, 400), rules, tiananmen))).toBe('超出规定范围');
    expect(checkLocationChoice(north(tiananmen, 200), rules, tiananmen)).toEqual({ ok: true });
    expect(checkLocationChoice(north(tiananmen, 5000), {}, tiananmen)).toEqual({ ok: true });
    expect(widgetMessage({ key: 'locationBeyondAdjustment' }, 'en')).toBe('Exceeds the fine-tuning range');
    expect(widgetMessage({ key: 'locationOutsideScope' }, 'zhtw')).toBe('超出規定範圍');
  });
  it('lets the server check a stored value’s shape and scopes', () => {
    const rules = { enableDesktopLocation: true, locationScope: [{ lng: 116.3975, lat: 39.9087, radius: 300 }] };
    expect(checkStoredLocation(JSON.stringify(place), rules)).toEqual({ ok: true });
    expect(checkStoredLocation('', rules)).toEqual({ ok: true });
    const far = JSON.stringify({ ...place, lng: '121.4737', lat: '31.2304' });
    expect(zh(checkStoredLocation(far, rules))).toBe('超出规定范围');
    expect(checkStoredLocation(far, { ...rules, enableDesktopLocation: false })).toEqual({ ok: true });
    expect(zh(checkStoredLocation('{"lng":1}', rules))).toBe('位置不是有效的位置');
  });
});
