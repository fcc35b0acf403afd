import { Button, Field, Heading, Label, Paragraph, Select } from '@digdir/designsystemet-react';
import type { NearbyFacility } from '@fast/contracts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLength } from '../map-kit/map-format.ts';
import type { AreaOverlay } from '../map-kit/map-view.ts';
import zoneClasses from '../map-kit/protective-zones/protective-zones.module.css';
import { ProtectiveZonesPanel } from '../map-kit/protective-zones/protective-zones-panel.tsx';

/** The chooser offers the nearest this many facilities with distances: the incident's, not the county's. */
const CHOICES = 200;

/**
 * "Sikkerhetssoner" on the incident screen: one of the facilities around the point that store
 * something with ERG distances (the nearest first, proposed), and its zones' form and answer.
 */
export function IncidentZones(props: {
  organisationNumber: string;
  facilities: readonly NearbyFacility[];
  onOverlay: (overlay: AreaOverlay | null) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const candidates = useMemo(
    () =>
      props.facilities
        .filter((f) => f.hazardDistances.isolation !== null || f.hazardDistances.evacuation !== null)
        .slice(0, CHOICES),
    [props.facilities],
  );
  const [selected, setSelected] = useState<number | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const chosen = candidates.find((f) => f.id === selected) ?? candidates[0];
  return (
    <section aria-labelledby={headingId} className={zoneClasses.result}>
      <Heading level={2} data-size="xs" id={headingId}>
        {t('zones.incident.heading')}
      </Heading>
      {!chosen ? (
        <Paragraph data-size="sm">{t('zones.incident.none')}</Paragraph>
      ) : (
        <div className={zoneClasses.chooser}>
          <Field data-size="sm">
            <Label>{t('zones.incident.facility')}</Label>
            <Select value={chosen.id} onChange={(event) => setSelected(Number(event.target.value))}>
              {candidates.map((f) => (
                <Select.Option key={f.id} value={f.id}>
                  {t('zones.incident.facilityOption', {
                    name: f.name ?? t(f.privatePerson ? 'map.popup.privatePerson' : 'map.popup.unnamed'),
                    distance: formatLength(f.distanceMeters, t),
                  })}
                </Select.Option>
              ))}
            </Select>
          </Field>
          <Button variant="secondary" data-size="sm" onClick={() => setOpen(chosen.id)}>
            {t('zones.incident.open')}
          </Button>
        </div>
      )}
      {open !== null && (
        <ProtectiveZonesPanel
          key={open}
          organisationNumber={props.organisationNumber}
          facilityId={open}
          onOverlay={props.onOverlay}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}
