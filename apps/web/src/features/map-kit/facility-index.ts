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
    /** A point's facility name (null when unnamed or for a cluster). */
    name: string | null;
    /** Major-accident level 0–2 of a point (for its colour); -1 for a cluster. */
    level: number;
    explosives: boolean;
  };
}

/** One number per exact position (coordinates come rounded to 5 decimals): cheaper than a text key. */
const positionKey = (longitude: number, latitude: number) =>
  Math.round((longitude + 180) * 1e5) * 2e7 + Math.round((latitude + 90) * 1e5);

const abbreviate = (count: number) =>
  count >= 10_000 ? `${Math.round(count / 1000)}k` : count >= 1_000 ? `${(count / 1000).toFixed(1)}k` : String(count);

/**
 * The facilities of the map, clustered (supercluster) for the zoom level shown. Facilities at one
 * exact position are one point on the map with their count, and open as a list. Built from the
 * compact tuples in one pass: a facility is decoded only when it is shown or asked for.
 */
export class FacilityIndex {
  private readonly tuples: readonly MapFacilityTuple[];
  /** Facility positions (tuple indexes) shared by more than one facility, by position key. */
  private readonly shared = new Map<number, number[]>();
  private readonly index: Supercluster<PointProperties, PointProperties>;
  private ids: Map<number, number> | null = null;

  constructor(tuples: readonly MapFacilityTuple[]) {
    this.tuples = tuples;
    const pointAt = new Map<number, PointFeature<PointProperties>>();
    const points: PointFeature<PointProperties>[] = [];
    for (let i = 0; i < tuples.length; i++) {
      const [, longitude, latitude] = tuples[i] as MapFacilityTuple;
      const key = positionKey(longitude, latitude);
      const point = pointAt.get(key);
      if (point) {
        // Each point carries how many facilities share its position; reduce sums them per cluster.
        point.properties.n++;
        const group = this.shared.get(key);
        if (group) group.push(i);
        else this.shared.set(key, [point.properties.i, i]);
        continue;
      }
      const created: PointFeature<PointProperties> = {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [longitude, latitude] },
        properties: { i, n: 1 },
      };
      pointAt.set(key, created);
      points.push(created);
    }
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
    return this.tuples.length;
  }

  /** The facility with this id, if it is on the map. */
  get(id: number): MapFacility | undefined {
    this.ids ??= new Map(this.tuples.map((tuple, i) => [tuple[0], i]));
    const i = this.ids.get(id);
    return i === undefined ? undefined : this.at(i);
  }

  private at(i: number): MapFacility {
    return decodeMapFacility(this.tuples[i] as MapFacilityTuple);
  }

  /** Facilities at the exact position of this one (itself included), by id. */
  samePosition(facility: MapFacility): MapFacility[] {
    const group = this.shared.get(positionKey(facility.longitude, facility.latitude));
    return group ? group.map((i) => this.at(i)).sort((a, b) => a.id - b.id) : [facility];
  }

  bounds(): [number, number, number, number] | null {
    return boundsOf(this.tuples.map((tuple): LonLat => [tuple[1], tuple[2]]));
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
          properties: {
            cluster: true,
            count,
            label: abbreviate(count),
            ref: props.cluster_id,
            name: null,
            level: -1,
            explosives: false,
          },
        };
      }
      const facility = this.at(props.i);
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
          name: facility.name,
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
