import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './hazard.module.css';
import '../../components/hazard-texts.ts';

// The ADR danger labels drawn in a 100 × 100 box: a diamond with the class colours, the class
// symbol in the upper half and the class number in the lower corner. Simplified shapes, drawn
// here so that they scale crisply and need no image files.

const FLAME = 'M50 14c3 9 12 13 12 24 0 7-5 12-12 12s-12-5-12-12c0-5 3-8 5-11 0 4 2 6 4 6-1-7 1-13 3-19z';
const FLAME_BASE = 'M34 52h32v3H34z';
const SKULL =
  'M50 16c-10 0-17 7-17 16 0 6 3 10 7 12v6h20v-6c4-2 7-6 7-12 0-9-7-16-17-16zm-7 13a4 4 0 1 1 0 8 4 4 0 0 1 0-8zm14 0a4 4 0 1 1 0 8 4 4 0 0 1 0-8zM30 52l40 6-1 3-40-6zm40 0-40 6 1 3 40-6z';
const CYLINDER = 'M44 18h12v4h3c2 0 3 1 3 3v28H38V25c0-2 1-3 3-3h3z';
const BURST = 'M50 12l4 12 10-8-3 13 13-3-9 10 12 5-13 3 7 11-12-6-2 13-5-12-7 11 0-13-12 6 7-11-13-3 12-5-9-10 13 3-3-13 10 8z';
const CORROSION =
  'M30 20h12v3H30zM33 23l2 8h-4zM58 20h12v3H58zM61 23l2 8h-4zM26 40h20v6H26zM52 38c4 0 7 2 8 5l10 2v4l-10 1c-1 3-4 5-8 5z';
const OXIDISER = 'M50 14c3 9 12 13 12 24 0 2 0 3-1 4h-22c-1-1-1-2-1-4 0-5 3-8 5-11 0 4 2 6 4 6-1-7 1-13 3-19z';

interface Design {
  /** Colour of the upper and lower half of the diamond. */
  top: string;
  bottom: string;
  ink: string;
  symbol: ReactNode;
}

const RED = '#D9282F';
const WHITE = '#FFFFFF';
const BLACK = '#000000';

function design(label: string): Design {
  const flame = (ink: string) => (
    <g fill={ink}>
      <path d={FLAME} />
      <path d={FLAME_BASE} />
    </g>
  );
  if (label.startsWith('1')) {
    const division = label === '1' ? null : label;
    return {
      top: '#F39200',
      bottom: '#F39200',
      ink: BLACK,
      symbol: division ? (
        <text x="50" y="44" textAnchor="middle" fontSize="22" fontWeight="700" fill={BLACK}>
          {division}
        </text>
      ) : (
        <path d={BURST} fill={BLACK} />
      ),
    };
  }
  switch (label) {
    case '2.1':
      return { top: RED, bottom: RED, ink: BLACK, symbol: flame(BLACK) };
    case '2.2':
      return { top: '#00843D', bottom: '#00843D', ink: BLACK, symbol: <path d={CYLINDER} fill={BLACK} /> };
    case '2.3':
    case '6.1':
      return { top: WHITE, bottom: WHITE, ink: BLACK, symbol: <path d={SKULL} fill={BLACK} fillRule="evenodd" /> };
    case '3':
      return { top: RED, bottom: RED, ink: BLACK, symbol: flame(BLACK) };
    case '4.1':
      return { top: WHITE, bottom: WHITE, ink: BLACK, symbol: flame(RED) };
    case '4.2':
      return { top: WHITE, bottom: RED, ink: BLACK, symbol: flame(BLACK) };
    case '4.3':
      return { top: '#0069B4', bottom: '#0069B4', ink: BLACK, symbol: flame(BLACK) };
    case '5.1':
      return {
        top: '#FFD500',
        bottom: '#FFD500',
        ink: BLACK,
        symbol: (
          <g fill={BLACK}>
            <path d={OXIDISER} />
            <circle cx="50" cy="48" r="7" fill="none" stroke={BLACK} strokeWidth="4" />
          </g>
        ),
      };
    case '5.2':
      return { top: RED, bottom: '#FFD500', ink: BLACK, symbol: flame(BLACK) };
    case '8':
      return { top: WHITE, bottom: BLACK, ink: WHITE, symbol: <path d={CORROSION} fill={BLACK} /> };
    default:
      return {
        top: WHITE,
        bottom: WHITE,
        ink: BLACK,
        symbol: (
          <g fill={BLACK}>
            {[20, 28, 36, 44].map((y) => (
              <rect key={y} x={38 - (44 - y) / 2} y={y} width={24 + (44 - y)} height="4" />
            ))}
          </g>
        ),
      };
  }
}

/** Label codes that have their own accessible name; others are named with the code. */
const NAMED = new Set(['1', '1.4', '1.5', '1.6', '2.1', '2.2', '2.3', '3', '4.1', '4.2', '4.3', '5.1', '5.2', '6.1', '8', '9']);

/** One ADR danger label as a diamond, named for screen readers. */
export function DangerLabel({ label, size = 40 }: { label: string; size?: number }) {
  const { t } = useTranslation();
  const name = NAMED.has(label) ? t(`hazard.labels.${label}` as 'hazard.labels.1') : t('hazard.labels.other', { label });
  const d = design(label);
  const classNumber = label.startsWith('1.') ? '1' : label;
  return (
    <svg role="img" aria-label={name} viewBox="0 0 100 100" width={size} height={size} className={classes.label}>
      <polygon points="50,2 98,50 2,50" fill={d.top} />
      <polygon points="2,50 98,50 50,98" fill={d.bottom} />
      <polygon points="50,2 98,50 50,98 2,50" fill="none" stroke={BLACK} strokeWidth="2" />
      <polygon points="50,8 92,50 50,92 8,50" fill="none" stroke={d.ink === WHITE ? WHITE : BLACK} strokeWidth="1.5" />
      {d.symbol}
      <text x="50" y="84" textAnchor="middle" fontSize="15" fontWeight="700" fill={d.ink}>
        {classNumber}
      </text>
    </svg>
  );
}

/** The orange plate: hazard identification number over UN number (the upper half empty for explosives). */
export function OrangePlate({ hazardNumber, unNumber }: { hazardNumber: string | null; unNumber: string }) {
  const { t } = useTranslation();
  const name = hazardNumber
    ? t('hazard.plateLabel', { hazard: hazardNumber, un: unNumber })
    : t('hazard.plateNoNumber', { un: unNumber });
  return (
    <span role="img" aria-label={name} className={classes.plate}>
      <span aria-hidden className={classes.plateHalf}>
        {hazardNumber ?? '\u00a0'}
      </span>
      <span aria-hidden className={classes.plateHalf}>
        {unNumber}
      </span>
    </span>
  );
}
