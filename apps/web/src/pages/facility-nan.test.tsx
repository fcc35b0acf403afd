import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { FacilityNaN } from './facility-nan.tsx';

describe('FacilityNaN', () => {
  it('says what an id must be: a positive whole number (/anlegg/-5)', () => {
    renderWithApp(<FacilityNaN heading="Anleggsinformasjon" />, { url: '/anlegg/-5' });
    expect(screen.getByText(/Anleggs-ID må være et positivt heltall/)).toBeTruthy();
  });
});
