import type { FacilityDetail, MajorAccidentValue, QuantityUnit, UtmCoordinate } from '@fast/contracts';
import PDFDocument from 'pdfkit';
import { pdfFonts } from '../register/pdf-fonts.ts';

const MAJOR_ACCIDENT: Record<MajorAccidentValue, string> = {
  NOT_AFFECTED: 'Ikke omfattet av storulykkeforskriften',
  PARAGRAPH_SIX: 'Meldepliktig etter § 6 i storulykkeforskriften',
  PARAGRAPH_NINE: 'Sikkerhetsrapportpliktig etter § 9 i storulykkeforskriften',
};

const UNIT: Record<QuantityUnit, string> = { m3: 'm³', liter: 'liter', tonn: 'tonn', kg: 'kg' };

const number = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 3 });
const quantity = (value: number, unit: QuantityUnit) => `${number.format(value)} ${UNIT[unit]}`;

/** Whole metres, as the facility screen shows them. */
const utm = (coordinate: UtmCoordinate) => `N ${Math.round(coordinate.north)} m, Ø ${Math.round(coordinate.east)} m`;

/** dd.MM.yyyy in Norwegian time. */
function osloDate(date: Date): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${p.day}.${p.month}.${p.year}`;
}

export function substanceReportTitle(facility: Pick<FacilityDetail, 'id' | 'name'>): string {
  return `Stoffrapport ${facility.id}${facility.name ? ` ${facility.name}` : ''}`;
}

const GREY = '#555555';
const RULE = '#BBBBBB';

/**
 * The substance report (stoffrapport) of one facility, made when asked for: a header with the
 * facility and the date, then the substances by substance group with quantities and a total per
 * unit. Norwegian Bokmål; the font is embedded so that æøå survive printing and text extraction.
 */
export function renderSubstanceReport(facility: FacilityDetail, printedAt: Date): Promise<Buffer> {
  const { regular, bold } = pdfFonts();
  const title = substanceReportTitle(facility);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: true,
    lang: 'nb-NO',
    displayTitle: true,
    info: { Title: title, Author: 'FAST - anlegg og kart', Creator: 'FAST', CreationDate: printedAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // pdfkit accepts a parsed fontkit font (it checks for `layout`); its types only list file sources.
  doc.registerFont('regular', regular as unknown as Buffer);
  doc.registerFont('bold', bold as unknown as Buffer);

  doc.font('bold').fontSize(18).text('Stoffrapport');
  doc
    .font('bold')
    .fontSize(13)
    .text(facility.name ?? `Anlegg ${facility.id}`);
  doc.moveDown(0.4);
  const address = facility.address;
  const place = [address.postalCode, address.postalPlace].filter(Boolean).join(' ');
  const header: [string, string][] = [
    ['Anleggs-ID', String(facility.id)],
    ['Adresse', [address.street, place].filter(Boolean).join(', ') || 'Ikke oppgitt'],
    ['Kommune', `${address.municipality.name} (${address.municipality.id}), ${address.county.name}`],
    ['Eier', facility.client.owner],
    // The local zone is the county's (localUtmZone), as on the facility screen.
    ...(facility.position
      ? ([
          [`Lokal UTM-posisjon, sone ${facility.position.localUtm.zone}`, utm(facility.position.localUtm)],
          ['EUREF 89, UTM sone 33', utm(facility.position.euref89Utm33)],
        ] satisfies [string, string][])
      : []),
    ['Storulykke', MAJOR_ACCIDENT[facility.majorAccident]],
    ['Utskrevet', osloDate(printedAt)],
  ];
  doc.fontSize(10);
  for (const [label, value] of header) {
    doc.font('bold').fillColor(GREY).text(`${label}: `, { continued: true });
    doc.font('regular').fillColor('#000000').text(value);
  }
  doc.moveDown();

  doc.font('bold').fontSize(13).text('Stoffer etter stoffgruppe');
  doc.moveDown(0.3);
  if (facility.substanceGroups.length === 0) {
    doc.font('regular').fontSize(10).text('Ingen stoffer er registrert på anlegget.');
  }
  for (const group of facility.substanceGroups) {
    doc.font('bold').fontSize(11).text(group.name);
    doc.font('regular').fontSize(9).fillColor(GREY);
    doc.text(`Sum: ${group.totals.map((t) => quantity(t.quantity, t.unit)).join(' + ')}`);
    doc.fillColor('#000000').moveDown(0.2);
    // Cells take the document's current font.
    doc.font('regular').fontSize(9);
    doc.table({
      columnStyles: ['*', 50, 90, 150],
      defaultStyle: { border: { bottom: 0.5 }, borderColor: RULE, padding: [3, 4] },
      data: [
        [
          { text: 'Stoff', type: 'TH', font: { src: 'bold' } },
          { text: 'UN-nr.', type: 'TH', font: { src: 'bold' } },
          { text: 'Mengde', type: 'TH', font: { src: 'bold' }, align: { x: 'right' } },
          { text: 'Anleggsenhet', type: 'TH', font: { src: 'bold' } },
        ],
        ...group.substances.map((s) => [
          s.hazardDivision ? `${s.name} (${s.hazardDivision})` : s.name,
          s.unNumber,
          { text: quantity(s.quantity, s.unit), align: { x: 'right' as const } },
          s.unitType.description,
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
    .text('Mengdene er slik eieren har meldt dem inn til registeret. Rapporten er laget av FAST på forespørsel.', {
      width: doc.page.width - 100,
    });
  doc.end();
  return done;
}
