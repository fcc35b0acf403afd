import { MAP_ZONE_MAX_RADIUS_METRES } from '@fast/contracts';
import { useState } from 'react';

export interface CircleRadius {
  text: string;
  setText(text: string): void;
  /** The last reading failed: the field shows why. */
  invalid: boolean;
  /** The radius in metres (spaces and a decimal comma allowed), or null when out of 1…MAP_ZONE_MAX_RADIUS_METRES. */
  read(): number | null;
}

/** The radius field of "Sirkel med nøyaktig radius", read by its own button and by a popup's "Sirkel rundt anlegget". */
export function useCircleRadius(initial = '1000'): CircleRadius {
  const [text, setText] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const read = (): number | null => {
    const value = Number(text.replace(/\s/g, '').replace(',', '.'));
    const valid = Number.isFinite(value) && value >= 1 && value <= MAP_ZONE_MAX_RADIUS_METRES;
    setInvalid(!valid);
    return valid ? value : null;
  };
  return { text, setText, invalid, read };
}
