import {
  type AccidentType,
  type AuditStatus,
  briefingPath,
  documentPath,
  type FacilityDetail,
  type FacilityStatus,
  type InspectionAuthority,
  type InspectionType,
  type MajorAccidentValue,
  type OwnerType,
  type PositionAccuracy,
  type QuantityUnit,
  type SubstanceGroupTotal,
  substanceReportPath,
} from '@fast/contracts';
import { type HazardLookup, namedSubstances } from '../hazard/facility-hazards.ts';
import { largestDistances } from '../hazard/hazard.presenter.ts';
import { geoPosition } from '../position/utm.ts';
import type { FacilityRecordRow, StoredSubstanceRow } from './facility.repository.ts';

const path = (documentId: number | null) => (documentId === null ? null : documentPath(documentId));

// Sums of decimal quantities: rounded to what the register stores, so 0.1 + 0.2 shows as 0.3.
const roundQuantity = (value: number) => Math.round(value * 1e6) / 1e6;

/** Substance rows by group (catalogue order), with a total per unit of measure inside each group. */
export function groupSubstances(rows: readonly StoredSubstanceRow[], hazards: HazardLookup): SubstanceGroupTotal[] {
  const groups = new Map<number, SubstanceGroupTotal & { sums: Map<string, number> }>();
  for (const row of rows) {
    let group = groups.get(row.group_id);
    if (!group) {
      group = { groupId: row.group_id, name: row.group_nb, nameNn: row.group_nn, totals: [], substances: [], sums: new Map() };
      groups.set(row.group_id, group);
    }
    group.sums.set(row.unit, (group.sums.get(row.unit) ?? 0) + row.quantity);
    group.substances.push({
      substanceId: row.substance_id,
      name: row.substance_nb,
      nameNn: row.substance_nn,
      unNumber: row.un_number,
      quantity: row.quantity,
      unit: row.unit as QuantityUnit,
      hazardDivision: row.hazard_division,
      unitPosition: row.unit_position,
      position: row.position,
      unitType: { id: row.unit_type_id, description: row.unit_type_nb, descriptionNn: row.unit_type_nn },
      hazard: hazards.get(row.un_number)?.summary ?? null,
    });
  }
  return [...groups.values()]
    .sort((a, b) => a.groupId - b.groupId)
    .map(({ sums, ...group }) => ({
      ...group,
      totals: [...sums].map(([unit, quantity]) => ({ unit: unit as QuantityUnit, quantity: roundQuantity(quantity) })),
    }));
}

/** A facility record row → the API's facility (the response schema is the allow-list). */
export function presentFacility(row: FacilityRecordRow, hazards: HazardLookup): FacilityDetail {
  return {
    id: row.id,
    name: row.name,
    organisationNumber: row.organisation_number,
    privatePerson: row.is_private,
    ownerType: row.owner_type as OwnerType,
    address: {
      street: row.street_address,
      postalCode: row.postal_code,
      postalPlace: row.postal_place,
      municipality: { id: row.municipality_id, name: row.municipality_name },
      county: { id: row.county_id, name: row.county_name },
    },
    client: {
      owner: row.owner_name,
      name: row.client_name,
      info: row.client_info,
      organisationNumber: row.client_organisation_number,
    },
    position:
      row.longitude === null || row.latitude === null ? null : geoPosition(row.longitude, row.latitude, row.municipality_id),
    positionAccuracy: row.position_accuracy as PositionAccuracy,
    majorAccident: row.major_accident as MajorAccidentValue,
    explosives: row.is_explosives,
    status: row.status as FacilityStatus,
    registeredOn: row.registered_on,
    updatedOn: row.updated_on,
    firstSubstanceNotificationOn: row.first_notification_on,
    units: row.units.map((u) => ({
      position: u.position,
      name: u.name,
      type: { id: u.type_id, description: u.type_nb, descriptionNn: u.type_nn },
    })),
    substanceGroups: groupSubstances(row.substances, hazards),
    substanceReportPath: substanceReportPath(row.id),
    hazardDistances: largestDistances(
      namedSubstances(
        row.substances.map((s) => ({
          unNumber: s.un_number,
          name: s.substance_nb,
          nameNn: s.substance_nn,
          quantities: [{ quantity: s.quantity, unit: s.unit as QuantityUnit }],
        })),
        hazards,
      ),
    ),
    briefingPath: briefingPath(row.id),
    inspections: row.inspections.map((i) => ({
      id: i.id,
      type: i.type as InspectionType,
      authority: i.authority as InspectionAuthority,
      year: i.year,
      status: i.status as AuditStatus,
      contactPerson: i.contact_person,
      caseNumber: i.case_number,
      inspectedOn: i.inspected_on,
      reportPath: path(i.report_document_id),
    })),
    notifications: row.notifications.map((n) => ({
      id: n.id,
      date: n.submitted_on,
      submittedBy: n.submitted_by,
      active: n.is_active,
      receiptPath: path(n.receipt_document_id),
    })),
    accidents: row.accidents.map((a) => ({
      id: a.id,
      referenceNumber: a.reference_number,
      date: a.occurred_on,
      reporter: a.reporter,
      source: a.source,
      type: a.type as AccidentType,
      documentationPath: path(a.report_document_id),
    })),
  };
}
