import type { DocumentLanguageValue, FacilityDetail } from '@fast/contracts';
import { startPdf } from '../documents/pdf-document.ts';
import { formatUtm, MAJOR_ACCIDENT_TEXT, osloDate, formatQuantity as quantity } from './document-texts.ts';

const TEXT = {
  nb: {
    title: 'Stoffrapport',
    facility: 'Anlegg',
    id: 'Anleggs-ID',
    address: 'Adresse',
    notGiven: 'Ikke oppgitt',
    municipality: 'Kommune',
    owner: 'Eier',
    localUtm: (zone: number) => `Lokal UTM-posisjon, sone ${zone}`,
    euref89Utm33: 'EUREF 89, UTM sone 33',
    majorAccident: 'Storulykke',
    printed: 'Utskrevet',
    byGroup: 'Stoffer etter stoffgruppe',
    none: 'Ingen stoffer er registrert på anlegget.',
    sum: 'Sum',
    substance: 'Stoff',
    un: 'UN-nr.',
    quantity: 'Mengde',
    unit: 'Anleggsenhet',
    note: 'Mengdene er slik eieren har meldt dem inn til registeret. Rapporten er laget av FAST på forespørsel.',
  },
  nn: {
    title: 'Stoffrapport',
    facility: 'Anlegg',
    id: 'Anleggs-ID',
    address: 'Adresse',
    notGiven: 'Ikkje oppgitt',
    municipality: 'Kommune',
    owner: 'Eigar',
    localUtm: (zone: number) => `Lokal UTM-posisjon, sone ${zone}`,
    euref89Utm33: 'EUREF 89, UTM sone 33',
    majorAccident: 'Storulykke',
    printed: 'Utskriven',
    byGroup: 'Stoff etter stoffgruppe',
    none: 'Det er ikkje registrert stoff på anlegget.',
    sum: 'Sum',
    substance: 'Stoff',
    un: 'UN-nr.',
    quantity: 'Mengd',
    unit: 'Anleggseining',
    note: 'Mengdene er slik eigaren har meldt dei inn til registeret. Rapporten er laga av FAST på førespurnad.',
  },
} as const;

export function substanceReportTitle(facility: Pick<FacilityDetail, 'id' | 'name'>): string {
  return `Stoffrapport ${facility.id}${facility.name ? ` ${facility.name}` : ''}`;
}

const GREY = '#555555';
const RULE = '#BBBBBB';

/**
 * The substance report (stoffrapport) of one facility, made when asked for: a header with the
 * facility and the date, then the substances by substance group with quantities and a total per
 * unit. Bokmål or Nynorsk; the font is embedded so that æøå survive printing and text extraction.
 */
export async function renderSubstanceReport(
  facility: FacilityDetail,
  printedAt: Date,
  lang: DocumentLanguageValue = 'nb',
): Promise<Buffer> {
  const t = TEXT[lang];
  const nn = lang === 'nn';
  const title = substanceReportTitle(facility);
  const { doc, done } = await startPdf({ title, lang, createdAt: printedAt, margin: 50 });

  doc.font('bold').fontSize(18).text(t.title);
  doc
    .font('bold')
    .fontSize(13)
    .text(facility.name ?? `${t.facility} ${facility.id}`);
  doc.moveDown(0.4);
  const address = facility.address;
  const place = [address.postalCode, address.postalPlace].filter(Boolean).join(' ');
  const header: [string, string][] = [
    [t.id, String(facility.id)],
    [t.address, [address.street, place].filter(Boolean).join(', ') || t.notGiven],
    [t.municipality, `${address.municipality.name} (${address.municipality.id}), ${address.county.name}`],
    [t.owner, facility.client.owner],
    // The local zone is the county's (localUtmZone), as on the facility screen.
    ...(facility.position
      ? ([
          [t.localUtm(facility.position.localUtm.zone), formatUtm(facility.position.localUtm)],
          [t.euref89Utm33, formatUtm(facility.position.euref89Utm33)],
        ] satisfies [string, string][])
      : []),
    [t.majorAccident, MAJOR_ACCIDENT_TEXT[lang][facility.majorAccident]],
    [t.printed, osloDate(printedAt)],
  ];
  doc.fontSize(10);
  for (const [label, value] of header) {
    doc.font('bold').fillColor(GREY).text(`${label}: `, { continued: true });
    doc.font('regular').fillColor('#000000').text(value);
  }
  doc.moveDown();

  doc.font('bold').fontSize(13).text(t.byGroup);
  doc.moveDown(0.3);
  if (facility.substanceGroups.length === 0) {
    doc.font('regular').fontSize(10).text(t.none);
  }
  for (const group of facility.substanceGroups) {
    doc
      .font('bold')
      .fontSize(11)
      .text(nn ? group.nameNn : group.name);
    doc.font('regular').fontSize(9).fillColor(GREY);
    doc.text(`${t.sum}: ${group.totals.map((t) => quantity(t.quantity, t.unit)).join(' + ')}`);
    doc.fillColor('#000000').moveDown(0.2);
    // Cells take the document's current font.
    doc.font('regular').fontSize(9);
    doc.table({
      columnStyles: ['*', 50, 90, 150],
      defaultStyle: { border: { bottom: 0.5 }, borderColor: RULE, padding: [3, 4] },
      data: [
        [
          { text: t.substance, type: 'TH', font: { src: 'bold' } },
          { text: t.un, type: 'TH', font: { src: 'bold' } },
          { text: t.quantity, type: 'TH', font: { src: 'bold' }, align: { x: 'right' } },
          { text: t.unit, type: 'TH', font: { src: 'bold' } },
        ],
        ...group.substances.map((s) => [
          s.hazardDivision ? `${nn ? s.nameNn : s.name} (${s.hazardDivision})` : nn ? s.nameNn : s.name,
          s.unNumber,
          { text: quantity(s.quantity, s.unit), align: { x: 'right' as const } },
          nn ? s.unitType.descriptionNn : s.unitType.description,
        ]),
      ],
    });
    doc.moveDown(0.8);
  }
  doc.moveDown();
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(GREY)
    .text(t.note, {
      width: doc.page.width - 100,
    });
  doc.end();
  return done;
}
