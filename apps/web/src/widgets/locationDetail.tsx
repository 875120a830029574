// The read-only detail of a location field: the full address the server shows and, beside it, an 80×80 picture
// of the map at the place (zoom 19, the reference's thumbnail) from the server's maps service. The point comes
// from the stored place the detail carries beside the text (<field>_id); without coordinates, or when the service
// cannot draw (not configured, a bad key, no session), only the address shows, never a broken picture.
import { parseLocationValue, toGeoPoint, type GeoPoint } from '@jnpf/core';
import { mapPicturePath, usePicture } from './locationMap';
import styles from './SignLocation.module.css';
import { signLocationTexts } from './signLocationTexts';
import { useShownValues } from './shownValues';
import type { DetailWidgetProps } from './types';
import { displayText } from './values';

/** the thumbnail's size and zoom (spec: size 80*80, zoom 19) */
export const THUMBNAIL_SIZE = 80;
const THUMBNAIL_ZOOM = 19;

function Thumbnail({ point }: { point: GeoPoint }) {
  const t = signLocationTexts.useText();
  const picture = usePicture(mapPicturePath(point, THUMBNAIL_ZOOM, { width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE }));
  if (picture.loading || picture.failed !== null || !picture.src) return null;
  return (
    <img
      src={picture.src}
      alt={t('locationThumbnail')}
      width={THUMBNAIL_SIZE}
      height={THUMBNAIL_SIZE}
      className={styles.thumbnail}
    />
  );
}

export function LocationDetail({ field, display }: DetailWidgetProps) {
  const shown = useShownValues();
  const place = parseLocationValue(shown[`${field.__vModel__}_id`]);
  const point = place ? toGeoPoint(place.lng, place.lat) : null;
  const text = displayText(display) || (place?.fullAddress ?? '');
  return (
    <span className={styles.detail}>
      <span>{text}</span>
      {point && <Thumbnail point={point} />}
    </span>
  );
}
