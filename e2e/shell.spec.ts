import { nb } from '../apps/web/src/i18n/locales/nb.ts';
import { nn } from '../apps/web/src/i18n/locales/nn.ts';
import { expectNoSeriousViolations } from './fixtures/axe.ts';
import {
  acceptTermsIfAsked,
  chooseOrganisation,
  expect,
  returnFromSignOut,
  signIn,
  signInToLanding,
  test,
} from './fixtures/session.ts';

/**
 * The shell's journeys (issue 3, done-when 1) after the first visit (first-visit.spec.ts runs
 * before every other spec: it needs users who have not accepted the terms yet).
 */

const landingHeading = (page: import('@playwright/test').Page) =>
  page.getByRole('heading', { level: 1, name: 'Velkommen til FAST' });

test('uten.tilgang sees the no-access warning on landing', async ({ page }) => {
  await signInToLanding(page, 'uten.tilgang');
  const warning = page.getByText('Du har ikke tilgang til noen data. Du må be om dette først');
  await expect(warning).toBeVisible();
  await page.getByRole('link', { name: 'Be om tilgang' }).click();
  await expect(page).toHaveURL(/\/access$/);
  await expect(page).toHaveTitle('FAST - tilganger');
});

test('ny.bruker, linked to no organisation, is told so on the select-organisation page', async ({ page }) => {
  await signIn(page, 'ny.bruker');
  await acceptTermsIfAsked(page);
  await expect(page).toHaveURL(/\/selectorganization\/$/);
  await expect(page.getByText('Du er ikke knyttet til noen virksomhet som har tilgang til FAST.')).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByText('«DSB - tilgang til Fast»')).toBeVisible();
  await expect(page.getByRole('link', { name: /Les mer om FAST/ })).toBeVisible();
  // No links to screens that need an organisation (issue 40, item 9).
  await expect(page.getByRole('banner').getByRole('link', { name: 'Hendelse' })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('navigation')).toHaveCount(0);

  // Every guarded route leads back here.
  await page.goto('/search');
  await expect(page).toHaveURL(/\/selectorganization\/\?from=%2Fsearch$/);
});

test('a stored organisation that is no longer available sends the user to select organisation', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('e2e-seeded')) {
      localStorage.setItem('organization', '999999999');
      sessionStorage.setItem('e2e-seeded', '1');
    }
  });
  await signIn(page, 'statsforvalter.rogaland', '/search');
  await acceptTermsIfAsked(page);
  await expect(page).toHaveURL(/\/selectorganization\/\?from=%2Fsearch$/);
  await expect(page.getByRole('radio')).toHaveCount(2);
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);

  // After choosing, the user lands where they were going.
  await chooseOrganisation(page);
  await expect(page).toHaveURL(/\/search$/);
  await expect(page).toHaveTitle('FAST - søk');
  expect(await page.evaluate(() => localStorage.getItem('organization'))).toMatch(/^\d{9}$/);
});

function plainTexts(tree: object, prefix = ''): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') {
      if (!/[<{]/.test(value)) texts.set(`${prefix}${key}`, value);
    } else {
      for (const [k, v] of plainTexts(value as object, `${prefix}${key}.`)) texts.set(k, v);
    }
  }
  return texts;
}

test('changing language to Nynorsk changes every visible text, and back', async ({ page }) => {
  await signInToLanding(page, 'statsforvalter.rogaland');
  const nbTexts = plainTexts(nb);
  const nnTexts = plainTexts(nn);
  const visibleText = () => page.locator('body').innerText();

  const before = await visibleText();
  const shownInNb = [...nbTexts].filter(([key, text]) => before.includes(text) && nnTexts.get(key) !== text);
  expect(shownInNb.length).toBeGreaterThan(8);

  await page.getByRole('button', { name: 'Språk: Bokmål' }).click();
  const [languageFile] = await Promise.all([
    page.waitForResponse('**/async-locales/nn.json'),
    page.getByRole('button', { name: 'Nynorsk' }).click(),
  ]);
  expect(languageFile.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Velkomen til FAST' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nn');
  await expect(page).toHaveTitle('FAST - anlegg og kart');

  const after = await visibleText();
  for (const [key, text] of shownInNb) {
    expect(after, `"${key}" is still in Bokmål`).not.toContain(text);
    expect(after, `"${key}" is not shown in Nynorsk`).toContain(nnTexts.get(key));
  }

  // The choice is remembered.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Velkomen til FAST' })).toBeVisible();

  await page.getByRole('button', { name: 'Språk: Nynorsk' }).click();
  await page.getByRole('button', { name: 'Bokmål' }).click();
  await expect(landingHeading(page)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
  expect(await visibleText()).toBe(before);
});

test('an unknown path shows not found, and a facility id that is not a number says so', async ({ page }) => {
  await signInToLanding(page, 'oslo.brann');

  await page.goto('/finnes/ikke');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fant ikke denne siden' })).toBeVisible();
  await page.getByRole('button', { name: 'Ta meg hjem' }).click();
  await expect(landingHeading(page)).toBeVisible();

  await page.goto('/anlegg/abc');
  await expect(page.getByText('Anleggs-ID må være et positivt heltall, for eksempel 1234.')).toBeVisible();
  await expect(page).toHaveTitle('FAST - anleggsinformasjon');
});

test('every route has its document title and context help', async ({ page }) => {
  test.setTimeout(120_000); // seven full page loads
  await signInToLanding(page, 'oslo.brann');
  // The screens' contents belong to their own issues; the shell gives each its title and help.
  const routes = [
    { path: '/', title: 'FAST - anlegg og kart', help: 'Om FAST' },
    { path: '/search', title: 'FAST - søk', help: 'Hjelp til søk' },
    { path: '/anlegg/12', title: 'FAST - anleggsinformasjon', help: 'Hjelp til anleggsinformasjon' },
    { path: '/kart', title: 'FAST - kartvisning', help: 'Hjelp til kartvisning' },
    { path: '/kart/12', title: 'FAST - kartvisning', help: 'Hjelp til kartvisning' },
    { path: '/hendelse', title: 'FAST - hendelse', help: 'Hjelp til hendelse' },
    { path: '/access', title: 'FAST - tilganger', help: 'Hjelp til tilganger' },
  ];
  for (const route of routes) {
    await page.goto(route.path);
    await expect(page).toHaveTitle(route.title);
    await page.getByRole('banner').getByRole('button', { name: 'Hjelp' }).click();
    const help = page.getByRole('dialog', { name: route.help });
    await expect(help).toBeVisible();
    await help.getByRole('button', { name: 'Lukk dialogvinduet' }).click();
    await expect(help).toBeHidden();
  }
  await page.goto('/selectorganization/');
  await expect(page).toHaveTitle('FAST - velg virksomhet');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Hjelp' })).toHaveCount(0);
});

test('a 500 shows the error toast, whose button copies the error reference', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInToLanding(page, 'oslo.brann');
  const reference = '3f0c8a52-93a1-4c5e-b1f7-2d6e4a9c0b11';
  await page.route('**/api/v1/municipality-access', (route) =>
    route.fulfill({ status: 500, json: { reference, type: 'UNEXPECTED_ERROR', message: 'Noe gikk galt' } }),
  );
  await page.reload();
  await expect(landingHeading(page)).toBeVisible();

  const toasts = page.getByRole('region', { name: 'Varsler' });
  await expect(toasts.getByText('Noe gikk galt her')).toBeVisible();
  await toasts.getByRole('button', { name: 'Kopier feilreferanse' }).click();
  await expect(toasts.getByText('Feilreferansen er kopiert til utklippstavlen!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);
});

test('a request that takes too long shows the timeout text, and no answer at all is not a blank page', async ({ page }) => {
  await signInToLanding(page, 'oslo.brann');
  await page.clock.install();
  await page.route('**/api/v1/municipality-access', () => undefined); // never answers
  await page.reload();
  await expect(landingHeading(page)).toBeVisible();
  await page.clock.runFor(30_000);
  await expect(
    page.getByRole('region', { name: 'Varsler' }).getByText('Dette tok altfor lang tid! Prøv igjen senere.'),
  ).toBeVisible();
});

test('a failed sign-in says "Kunne ikke logge inn!" and offers to try again', async ({ page }) => {
  // A callback whose state this browser never sent (a stale bookmark, a tampered link).
  await page.goto('/auth/callback?code=forged&state=unknown-state');
  await expect(page.getByText('Kunne ikke logge inn!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Du er ikke logget inn' })).toBeVisible();
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await expect(page.getByLabel('Brukernavn')).toBeVisible();
});

test('the sign-in view, and "Noe gikk galt!" when the configuration cannot be read', async ({ page }) => {
  await page.route('**/config', (route) => route.fulfill({ status: 503, body: '' }));
  await page.goto('/');
  await expect(page.getByText('Noe gikk galt!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Prøv igjen' })).toBeVisible();
});

test('with the server unreachable, the app says something went wrong instead of going blank', async ({ page }) => {
  await signInToLanding(page, 'oslo.brann');
  await page.route('**/api/v1/**', (route) => route.abort('connectionrefused'));
  await page.reload();
  // The terms cannot be checked: a message and a way to try again, and the toast of the common handler.
  await expect(page.getByRole('main').getByText('Noe gikk galt her')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Varsler' }).getByText('Noe gikk galt her')).toBeVisible();

  await page.unroute('**/api/v1/**');
  await page.getByRole('button', { name: 'Prøv igjen' }).click();
  const selectOrganisation = page.getByRole('heading', { level: 1, name: 'Velg virksomhet' });
  await expect(landingHeading(page).or(selectOrganisation)).toBeVisible();
});

test('a new version is offered in a confirm toast centred on the screen, which stays until answered', async ({ page }) => {
  await signInToLanding(page, 'oslo.brann');
  // A version already installed and waiting when the page loads: the browser's side is played
  // by a stand-in (Chromium under automation cannot be served other /sw.js bytes); the app's
  // registration code, the toast and its placement are the real ones.
  await page.addInitScript(() => {
    const waiting = { postMessage: (message: unknown) => Object.assign(window, { skipWaitingSent: message }) };
    Object.defineProperty(navigator.serviceWorker, 'controller', { get: () => ({}) });
    navigator.serviceWorker.register = async () =>
      Object.assign(new EventTarget(), { waiting, installing: null, update: async () => undefined }) as never;
  });
  await page.clock.install();
  await page.reload();

  const offer = page.getByRole('region', { name: 'Varsler' }).filter({ hasText: 'En ny versjon av FAST er klar.' });
  await expect(offer).toBeVisible();
  const viewport = page.viewportSize();
  const box = await offer.getByRole('listitem').boundingBox();
  if (!viewport || !box) throw new Error('The offer has no box on the page');
  // Centred: its middle within a few pixels of the viewport's, both ways.
  expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThanOrEqual(4);
  expect(Math.abs(box.y + box.height / 2 - viewport.height / 2)).toBeLessThanOrEqual(4);
  // It does not close by itself (a default toast would after 5 s, an error toast after 30 s).
  await page.clock.runFor(60_000);
  await expect(offer).toBeVisible();
  await expectNoSeriousViolations(page);
  await offer.getByRole('button', { name: 'Last inn på nytt' }).click();
  expect(await page.evaluate(() => (window as unknown as { skipWaitingSent?: unknown }).skipWaitingSent)).toEqual({
    type: 'SKIP_WAITING',
  });
});

test.describe('the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('is registered from /sw.js and caches the app shell but never an API answer', async ({ page }) => {
    await signInToLanding(page, 'oslo.brann');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect(landingHeading(page)).toBeVisible();
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.some((path) => path.startsWith('/assets/') && path.endsWith('.js'))).toBe(true);
    expect(cached.filter((path) => /^\/(api|config|idp)/.test(path))).toEqual([]);
  });
});

test('the header: logo and title lead to landing, the short title below 600 px, the name in the menu on narrow screens, "Logg ut"', async ({
  page,
}) => {
  await signInToLanding(page, 'oslo.brann');
  const banner = page.getByRole('banner');
  const homeLink = banner.getByRole('link', { name: 'FAST - anlegg og kart, til forsiden' });
  // On landing the brand is no link.
  await expect(homeLink).toHaveCount(0);

  // Both the logo and the title go to landing.
  await page.goto('/access');
  await homeLink.locator('svg, img').first().click();
  await expect(landingHeading(page)).toBeVisible();
  await page.goto('/access');
  await homeLink.getByText('FAST - anlegg og kart').click();
  await expect(landingHeading(page)).toBeVisible();

  // The user menu's name starts with what it shows (WCAG 2.5.3).
  const userMenu = banner.getByRole('button', { name: /Brukermeny/ });
  await expect(userMenu).toHaveAccessibleName('Kari Nordmann Oslo brann- og redningsetat Brukermeny');
  await expect(userMenu.getByText('Kari Nordmann')).toBeVisible();

  // The long title from 600 px, the short one below.
  await page.setViewportSize({ width: 600, height: 800 });
  await expect(banner.getByText('FAST - anlegg og kart', { exact: true })).toBeVisible();
  await expect(banner.getByText('FAST', { exact: true })).toBeHidden();
  await page.setViewportSize({ width: 599, height: 800 });
  await expect(banner.getByText('FAST', { exact: true })).toBeVisible();
  await expect(banner.getByText('FAST - anlegg og kart', { exact: true })).toBeHidden();

  // Narrow: the name and organisation are inside the menu, not in the bar.
  await page.setViewportSize({ width: 390, height: 844 });
  // Read, not shown: clipped to a pixel.
  const identity = userMenu.getByText('Kari Nordmann').locator('..');
  await expect.poll(async () => (await identity.boundingBox())?.width).toBeLessThanOrEqual(1);
  await expect(userMenu).toHaveAccessibleName('Kari Nordmann Oslo brann- og redningsetat Brukermeny');
  await userMenu.click();
  await expect(page.getByRole('heading', { name: 'Kari Nordmann' })).toBeVisible();
  await expect(page.getByText('Oslo brann- og redningsetat').last()).toBeVisible();

  // "Logg ut" signs the user out.
  await page.getByRole('button', { name: 'Logg ut' }).click();
  await returnFromSignOut(page);
  await expect(page.getByRole('heading', { name: 'Du er ikke logget inn' })).toBeVisible();
});

test('the footer shows the postal address and the e-mail address', async ({ page }) => {
  await signInToLanding(page, 'oslo.brann');
  const footer = page.getByRole('contentinfo').getByRole('region', { name: 'Kontaktinformasjon' });
  await expect(footer.getByRole('definition').filter({ hasText: 'Postboks 2014, 3103 Tønsberg' })).toBeVisible();
  const mail = footer.getByRole('link', { name: 'postmottak@dsb.no' });
  await expect(mail).toBeVisible();
  await expect(mail).toHaveAttribute('href', 'mailto:postmottak@dsb.no');
});

test('a status message is shown in Nynorsk to Nynorsk readers when the authority wrote one', async ({ page }) => {
  await signInToLanding(page, 'oslo.brann');
  const banner = page.getByRole('region', { name: 'Driftsmeldinger' });
  await expect(banner.getByText('Dette er en demonstrasjonsversjon av FAST.')).toBeVisible();
  await page.getByRole('button', { name: 'Språk: Bokmål' }).click();
  await page.getByRole('button', { name: 'Nynorsk' }).click();
  const nnBanner = page.getByRole('region', { name: 'Driftsmeldingar' });
  await expect(nnBanner.getByText('Dette er ein demonstrasjonsversjon av FAST.')).toBeVisible();
  await expect(nnBanner.getByText('Dette er en demonstrasjonsversjon av FAST.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Språk: Nynorsk' }).click();
  await page.getByRole('button', { name: 'Bokmål' }).click();
  await expect(banner.getByText('Dette er en demonstrasjonsversjon av FAST.')).toBeVisible();
});
