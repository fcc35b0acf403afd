import { Paragraph, Tag } from '@digdir/designsystemet-react';
import type { FacilityDetail } from '@fast/contracts';
import { useTranslation } from 'react-i18next';
import classes from '../facility.module.css';
import { Section } from '../section.tsx';

const COLOR = { NOT_AFFECTED: 'neutral', PARAGRAPH_SIX: 'warning', PARAGRAPH_NINE: 'danger' } as const;

/** The facility's relation to the Major Accident Regulations, in words. */
export function MajorAccidentSection({ facility }: { facility: FacilityDetail }) {
  const { t } = useTranslation();
  return (
    <Section id="major-accident" heading={t('facility.majorAccident.heading')}>
      <Paragraph className={classes.majorAccident}>
        <Tag data-color={COLOR[facility.majorAccident]}>{t(`facility.majorAccident.values.${facility.majorAccident}`)}</Tag>
      </Paragraph>
    </Section>
  );
}
