import { compassDirection } from '@fast/contracts';
import { useTranslation } from 'react-i18next';

/**
 * The direction from a point as the lists show it: the compass sign ("Ø"), which reads the same in
 * Bokmål and Nynorsk, with the full word for screen readers and on hover; a dash at the point
 * itself (shown as "0 m"), where a direction means nothing.
 */
export function CompassDirection({ bearingDegrees, distanceMeters }: { bearingDegrees: number; distanceMeters: number }) {
  const { t } = useTranslation();
  if (distanceMeters < 0.5) return '–';
  const direction = compassDirection(bearingDegrees);
  return <abbr title={t(`incident.directions.${direction}`)}>{direction}</abbr>;
}
