import { decodeMapFacility, type MapFacility, type MapFacilityTuple } from '@fast/contracts';
import Supercluster, { type ClusterProperties, type PointFeature } from 'supercluster';
import { boundsOf, type LonLat } from './geometry.ts';

/** Above this zoom the index stops clustering; facilities at one exact position stay together. */
export const CLUSTER_MAX_ZOOM = 15;
const CLUSTER_RADIUS_PX = 60;

interface PointProperties {
  /** Index into the facility list (of the first facility at the position). */
  i: number;
  /** Facilities at the position; summed over a cluster's points. */
  n: number;
}

export interface ClusterFeature {
  type: 'Feature';
  id: number;
  geometry: { type: 'Point'; coordinates: LonLat };
  properties: {
    cluster: boolean;
    /** Facilities in the cluster, or at the point's exact position. */
    count: number;
    label: string;
    /** Facility id of a single point; the cluster id of a cluster. */
    ref: number;
    /** Major-accident level 0–2 of a point (for its colour); -1 for a cluster. */
    level: number;
    explosives: boolean;
  };
}

const positionKey = (f: MapFacility) => `${f.longitude},${f.latitude}`;

const abbreviate = (count: number) =>
  count >= 10_000 ? `${Math.round(count / 1000)}k` : count >= 1_000 ? `${(count / 1000).toFixed(1)}k` : String(count);

/**
 * The facilities of the map, clustered (supercluster) for the zoom level shown. Facilities at one
 * exact position are one point on the map with their count, and open as a list.
 */
export class FacilityIndex {
  readonly facilities: MapFacility[];
  readonly byId: Map<number, MapFacility>;
  private readonly atPosition: Map<string, MapFacility[]>;
  private readonly index: Supercluster<PointProperties, PointProperties>;

  constructor(tuples: readonly MapFacilityTuple[]) {
    this.facilities = tuples.map(decodeMapFacility);
    this.byId = new Map(this.facilities.map((f) => [f.id, f]));
    this.atPosition = new Map();
    const points: PointFeature<PointProperties>[] = [];
    this.facilities.forEach((facility, i) => {
      const key = positionKey(facility);
      const same = this.atPosition.get(key);
      if (same) {
        same.push(facility);
        return;
      }
      const group = [facility];
      this.atPosition.set(key, group);
      points.push({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [facility.longitude, facility.latitude] },
        properties: { i, n: 1 },
      });
    });
    for (const point of points)
      point.properties.n = this.atPosition.get(positionKey(this.facilities[point.properties.i] as MapFacility))?.length ?? 1;
    // Each point carries how many facilities share its position; reduce sums them per cluster.
    this.index = new Supercluster<PointProperties, PointProperties>({
      radius: CLUSTER_RADIUS_PX,
      maxZoom: CLUSTER_MAX_ZOOM,
      map: (props) => ({ i: props.i, n: props.n }),
      reduce: (accumulated, props) => {
        accumulated.n += props.n;
      },
    });
    this.index.load(points);
  }

  get size(): number {
    return this.facilities.length;
  }

  /** Facilities at the exact position of this one (itself included), by id. */
  samePosition(facility: MapFacility): MapFacility[] {
    return [...(this.atPosition.get(positionKey(facility)) ?? [facility])].sort((a, b) => a.id - b.id);
  }

  bounds(): [number, number, number, number] | null {
    return boundsOf(this.facilities.map((f): LonLat => [f.longitude, f.latitude]));
  }

  /** The clusters and points to draw for a view: count is the number of facilities each stands for. */
  clusters(bbox: [number, number, number, number], zoom: number): ClusterFeature[] {
    return this.index.getClusters(bbox, Math.floor(zoom)).map((feature): ClusterFeature => {
      const [lon, lat] = feature.geometry.coordinates as LonLat;
      const props = feature.properties as Partial<ClusterProperties> & PointProperties;
      if (props.cluster && typeof props.cluster_id === 'number') {
        const count = props.n;
        return {
          type: 'Feature',
          id: props.cluster_id,
          geometry: { type: 'Point', coordinates: [lon, lat] },
          properties: { cluster: true, count, label: abbreviate(count), ref: props.cluster_id, level: -1, explosives: false },
        };
      }
      const facility = this.facilities[props.i] as MapFacility;
      const count = props.n;
      return {
        type: 'Feature',
        id: -facility.id,
        geometry: { type: 'Point', coordinates: [lon, lat] },
        properties: {
          cluster: false,
          count,
          label: count > 1 ? String(count) : '',
          ref: facility.id,
          level: ['NOT_AFFECTED', 'PARAGRAPH_SIX', 'PARAGRAPH_NINE'].indexOf(facility.majorAccident),
          explosives: facility.explosives,
        },
      };
    });
  }

  expansionZoom(clusterId: number): number {
    return this.index.getClusterExpansionZoom(clusterId);
  }
}
