import { Button, Heading, Paragraph, Textfield } from '@digdir/designsystemet-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shell/toasts/toast-store.ts';
import { DRAW_TOOLS, type Drawing, type DrawingState } from '../map-kit/draw-tools.ts';
import classes from './map-screen.module.css';
import type { CircleRadius } from './use-circle-radius.ts';

/** The drawing tools, a circle of exact radius around the map's centre, and deleting. */
export function DrawPanel(props: { drawing: Drawing | null; state: DrawingState; radius: CircleRadius; onCircle: () => void }) {
  const { t } = useTranslation();
  const { drawing, state, radius } = props;
  const { tool, selectedId } = state;

  const handleCircleSubmit = (event: FormEvent) => {
    event.preventDefault();
    props.onCircle();
  };

  const deleteAll = () => {
    if (!drawing) return;
    drawing.clear();
    toast.positive({ key: 'map.draw.deletedAll' });
  };

  return (
    <section className={classes.panelSection} aria-labelledby="map-draw-heading">
      <Heading level={2} data-size="xs" id="map-draw-heading">
        {t('map.draw.heading')}
      </Heading>
      <div className={classes.tools} role="toolbar" aria-label={t('map.draw.toolbar')}>
        {DRAW_TOOLS.map((name) => (
          <Button
            key={name}
            data-size="sm"
            variant={tool === name ? 'primary' : 'secondary'}
            aria-pressed={tool === name}
            disabled={!drawing}
            onClick={() => drawing?.toggleTool(name)}
          >
            {t(`map.draw.tools.${name}`)}
          </Button>
        ))}
      </div>
      {tool && (
        <Paragraph data-size="sm" className={classes.muted} role="status">
          {t(`map.draw.hints.${tool}`)}
        </Paragraph>
      )}
      <form className={classes.circleForm} onSubmit={handleCircleSubmit} aria-labelledby="map-circle-heading">
        <Heading level={3} data-size="2xs" id="map-circle-heading">
          {t('map.draw.exactCircle')}
        </Heading>
        <Textfield
          label={t('map.draw.radius')}
          inputMode="decimal"
          value={radius.text}
          onChange={(event) => radius.setText(event.target.value)}
          error={radius.invalid ? t('map.draw.invalidRadius') : undefined}
          data-size="sm"
          description={t('map.draw.centerHelp')}
        />
        <Button type="submit" data-size="sm" variant="secondary" disabled={!drawing}>
          {t('map.draw.addCircle')}
        </Button>
      </form>
      <div className={classes.tools}>
        <Button
          data-size="sm"
          variant="tertiary"
          disabled={!drawing || selectedId === null}
          onClick={() => selectedId && drawing?.remove(selectedId)}
        >
          {t('map.draw.deleteSelected')}
        </Button>
        <Button
          data-size="sm"
          variant="tertiary"
          data-color="danger"
          disabled={!drawing || state.shapes.length === 0}
          onClick={deleteAll}
        >
          {t('map.draw.deleteAll')}
        </Button>
      </div>
    </section>
  );
}
