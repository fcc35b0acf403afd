import {
  approximateKilograms,
  type FacilityDetail,
  type HazardCard,
  type ProtectiveZonesRequest,
  type ProtectiveZonesResponse,
  proposeContainer,
  type SearchCriteria,
  type SearchResponse,
} from '@fast/contracts';
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './fixtures/axe.ts';
import { apiHeaders, expect, signInToLanding, test } from './fixtures/session.ts';

/**
 * Protective zones (ERG): as vest.110, a waterworks in Bergen with chlorine; "Sikkerhetssoner" on
 * its page opens the form on the map, which proposes chlorine and the Table 3 container from the
 * stored quantity; with the wind from the south-west (225°, moderate) the downwind square lies to
 * the north-east, labelled with its source, and the panel lists the facilities inside each zone,
 * nearest first. No downwind distance is called an evacuation; axe; screenshots at 390 and
 * 1440 px under test-results/screenshots.
 */

const USER = 'vest.110';
const BERGEN = { id: '46', municipalityCodes: ['4601'] };

const CONTAINER_TEXT: Record<string, string> = {
  'rail-tank-car': 'jernbanetankvogn',
  'highway-tank-truck': 'tankbil eller tanktilhenger',
  'multiple-ton-cylinders': 'flere tonnsylindere',
  'multiple-small-cylinders-or-single-ton-cylinder': 'flere små sylindere eller én tonnsylinder',
};

/** A demo waterworks in Bergen that stores chlorine (found through the search API), and chlorine's card. */
async function chlorineFacility(page: Page): Promise<{ facility: FacilityDetail; card: HazardCard }> {
  const headers = await apiHeaders(page);
  const criteria = (await (await page.request.get('/api/v1/facilities/search/criteria', { headers })).json()) as SearchCriteria;
  const group = criteria.substanceGroups.find((g) => g.substances.some((s) => s.name.toLowerCase() === 'klor'));
  const chlorine = group?.substances.find((s) => s.name.toLowerCase() === 'klor');
  if (!group || !chlorine) throw new Error('chlorine in the search criteria');
  const search = await page.request.post('/api/v1/facilities/search', {
    headers,
    data: {
      query: '',
      facilityObjects: [],
      counties: [BERGEN],
      substanceGroups: [{ substanceGroupId: group.id, substanceIds: [chlorine.id] }],
      majorAccidentRelations: [],
      hitsToSkip: 0,
      hitsToReturn: 20,
    },
  });
  expect(search.status()).toBe(200);
  const { hits } = (await search.json()) as SearchResponse;
  for (const hit of hits) {
    const facility = (await (await page.request.get(`/api/v1/facilities/${hit.id}`, { headers })).json()) as FacilityDetail;
    if (facility.position && facility.hazardDistances.evacuation?.unNumber === '1017') {
      const card = (await (await page.request.get('/api/v1/substances/1017', { headers })).json()) as HazardCard;
      return { facility, card };
    }
  }
  throw new Error('a facility in Bergen whose largest distance is chlorine’s');
}

/** The initial bearing from one point to another, degrees clockwise from north (written here again, not the app's). */
function bearing([lon1, lat1]: [number, number], [lon2, lat2]: [number, number]): number {
  const r = Math.PI / 180;
  const y = Math.sin((lon2 - lon1) * r) * Math.cos(lat2 * r);
  const x = Math.cos(lat1 * r) * Math.sin(lat2 * r) - Math.sin(lat1 * r) * Math.cos(lat2 * r) * Math.cos((lon2 - lon1) * r);
  return (((Math.atan2(y, x) / r) % 360) + 360) % 360;
}

const distanceText = (metres: number) =>
  metres < 1000
    ? `${new Intl.NumberFormat('nb-NO').format(metres)}\u00a0m`
    : `${new Intl.NumberFormat('nb-NO', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(metres / 1000)}\u00a0km`;

test('a chlorine waterworks: the zones with the wind from the south-west, the square to the north-east, its facilities listed', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInToLanding(page, USER);
  const { facility, card } = await chlorineFacility(page);
  const position = facility.position?.wgs84;
  if (!position) throw new Error('the facility has a position');

  await page.goto(`/anlegg/${facility.id}`);
  const section = page.getByRole('region', { name: 'Farekort og sikkerhetsavstander', exact: true });
  await section.getByRole('link', { name: 'Sikkerhetssoner' }).click();
  await expect(page).toHaveURL(new RegExp(`/kart/${facility.id}$`));
  await expect(page.getByTestId('map-status')).toHaveAttribute('data-phase', 'ready', { timeout: 120_000 });

  // The form proposes chlorine and the container from the stored quantity.
  const panel = page.getByTestId('protective-zones');
  const form = panel.getByRole('form', { name: 'Valg for sikkerhetssonene' });
  await expect(form).toBeVisible({ timeout: 30_000 });
  await expect(form.getByRole('combobox', { name: /^Stoff/ })).toHaveValue('1017');
  const kilograms = facility.substanceGroups
    .flatMap((g) => g.substances)
    .filter((s) => s.unNumber === '1017')
    .reduce((sum, s) => sum + approximateKilograms(s.quantity, s.unit), 0);
  const containers = card.figures?.table3?.map((row) => row.container) ?? [];
  const proposed = proposeContainer(containers, kilograms);
  if (!proposed) throw new Error('chlorine has Table 3 containers');
  await expect(form.getByRole('combobox', { name: /Beholder/ })).toHaveValue(proposed);
  expect(proposed).toBe(facility.hazardDistances.evacuation?.container);

  // No weather service in the test server: the user gives the wind.
  await expect(form.getByTestId('zones-weather')).toContainText('Oppgi vinden selv');
  await form.getByRole('radio', { name: 'sørvest' }).check();
  await expect(form.getByRole('textbox', { name: /Grader/ })).toHaveValue('225');
  await form.getByRole('radio', { name: 'Moderat vind (10–20 km/t)' }).check();

  const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/protective-zones') && r.request().method() === 'POST');
  const clicked = Date.now();
  await form.getByRole('button', { name: 'Tegn sonene' }).click();
  const response = await answered;
  await expect(page.getByTestId('map')).toHaveAttribute('data-zones', 'drawn');
  const result = panel.getByTestId('zones-result');
  await expect(result).toBeVisible();
  test.info().annotations.push({ type: 'click to zones drawn and listed (ms)', description: String(Date.now() - clicked) });

  // One request, with the form's choices.
  const request = response.request().postDataJSON() as ProtectiveZonesRequest;
  expect(request).toEqual({
    unNumber: '1017',
    latitude: position.lat,
    longitude: position.lon,
    spill: 'large',
    fire: false,
    container: proposed,
    windFromDegrees: 225,
    windSpeed: 'moderate',
  });
  const zones = (await response.json()) as ProtectiveZonesResponse;
  const p = zones.parameters;
  expect([p.windFromDegrees, p.downwindDegrees, p.windSpeed, p.container, p.daylightBasis]).toEqual([
    225,
    45,
    'moderate',
    proposed,
    'sun',
  ]);

  // The square lies to the north-east: every corner but the two on its upwind side is north-east of the spill.
  const spill: [number, number] = [position.lon, position.lat];
  const square = zones.protectiveAction?.coordinates[0] ?? [];
  const far = square.filter((corner) => Math.abs(corner[0] - spill[0]) + Math.abs(corner[1] - spill[1]) > 1e-4);
  const centre: [number, number] = [
    far.reduce((sum, c) => sum + c[0], 0) / far.length,
    far.reduce((sum, c) => sum + c[1], 0) / far.length,
  ];
  expect(Math.abs(bearing(spill, centre) - 45)).toBeLessThan(15);

  // Each zone labelled with what it is, its distance and its source; the facilities inside, nearest first.
  const daylight = p.daylight === 'night' ? 'natt' : 'dag';
  const downwind = `Beskytt personer nedvinds: ${distanceText(p.protectiveAction?.metres ?? 0)} — ERG 2016 tabell 3, ${CONTAINER_TEXT[proposed]}, moderat vind, ${daylight}`;
  const isolation = `Isoler i alle retninger: ${distanceText(p.isolation.metres)} — ERG 2016 tabell 3, ${CONTAINER_TEXT[proposed]}`;
  await expect(result.getByRole('heading', { level: 3, name: downwind })).toBeVisible();
  await expect(result.getByRole('heading', { level: 3, name: isolation })).toBeVisible();
  await expect(result).toContainText('Vind fra sørvest (225°), Moderat vind (10–20 km/t)');
  await expect(panel).not.toContainText('Evakuering');
  const downwindZone = result.locator('[data-zone="protectiveAction"]');
  const inside = zones.facilitiesInside.protectiveAction;
  expect(inside?.totalCount).toBeGreaterThan(0);
  const rows = downwindZone.locator('tbody tr');
  await expect(rows).toHaveCount(inside?.facilities.length ?? 0);
  expect(await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-facility-id'))))).toEqual(
    inside?.facilities.map((f) => f.id),
  );
  const distances = inside?.facilities.map((f) => f.distanceMetres) ?? [];
  expect(distances).toEqual([...distances].sort((a, b) => a - b));
  // The facility itself lies in its isolation circle, at the spill.
  await expect(result.locator(`[data-zone="isolation"] [data-facility-id="${facility.id}"]`)).toBeVisible();
  await expect(result.locator(`[data-zone="isolation"] [data-facility-id="${facility.id}"]`).getByRole('link')).toHaveAttribute(
    'href',
    `/anlegg/${facility.id}`,
  );

  await expect(page.getByTestId('map')).toHaveAttribute('data-basemap', 'drawn', { timeout: 60_000 });
  await expectNoSeriousViolations(page);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByTestId('map').scrollIntoViewIfNeeded();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `test-results/screenshots/protective-zones-${width}.png` });
    // The list beside (on a phone: below) the map.
    await result.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screenshots/protective-zones-${width}-list.png` });
  }
});

test('the incident screen: the zones of the facility at the point, on the incident map, with the facilities inside', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInToLanding(page, USER);
  const { facility } = await chlorineFacility(page);
  const position = facility.position?.wgs84;
  if (!position) throw new Error('the facility has a position');
  await page.goto(`/hendelse?lat=${position.lat.toFixed(6)}&lon=${position.lon.toFixed(6)}&r=500`);
  await expect(page.getByTestId('incident-map')).toHaveAttribute('data-incident', 'drawn', { timeout: 60_000 });

  // The facility at the point is the nearest with ERG distances: proposed first.
  const chooser = page.getByRole('region', { name: 'Sikkerhetssoner ved et anlegg' });
  await expect(chooser.getByRole('combobox', { name: 'Anlegg' })).toHaveValue(String(facility.id));
  await chooser.getByRole('button', { name: 'Sikkerhetssoner' }).click();
  const form = chooser.getByRole('form', { name: 'Valg for sikkerhetssonene' });
  await expect(form.getByRole('combobox', { name: /Beholder/ })).toBeVisible();
  await form.getByRole('radio', { name: 'sørvest' }).check();
  await form.getByRole('radio', { name: 'Moderat vind (10–20 km/t)' }).check();
  await form.getByRole('button', { name: 'Tegn sonene' }).click();
  await expect(page.getByTestId('incident-map')).toHaveAttribute('data-zones', 'drawn');
  const result = chooser.getByTestId('zones-result');
  await expect(
    result.getByRole('heading', { level: 3, name: /^Beskytt personer nedvinds: .* moderat vind, (natt|dag)$/ }),
  ).toBeVisible();
  await expect(result.locator(`[data-zone="isolation"] [data-facility-id="${facility.id}"]`)).toBeVisible();
  await expect(chooser).not.toContainText('Evakuering');
  await expectNoSeriousViolations(page);
  await expect(page.getByTestId('incident-map')).toHaveAttribute('data-basemap', 'drawn', { timeout: 60_000 });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByTestId('incident-map').scrollIntoViewIfNeeded();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `test-results/screenshots/protective-zones-incident-${width}.png` });
  }

  // Closing the zones takes them off the map.
  await chooser.getByRole('button', { name: 'Lukk sikkerhetssonene' }).click();
  await expect(page.getByTestId('incident-map')).not.toHaveAttribute('data-zones', 'drawn');
});
