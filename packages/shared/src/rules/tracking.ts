/**
 * Tracking query parameters (spec sections 3 and 4): the traffic network, the referring
 * affiliate and three sub ids, each under the names affiliate networks commonly use.
 */
export const TRACKING_PARAMS = {
  network: ['network', 'aff_network', 'utm_source'],
  ref: ['ref', 'aff_id', 'affiliate', 'affiliate_id'],
  sub1: ['sub1', 'subid1', 'sub_id1', 'aff_sub', 'aff_sub1', 's1'],
  sub2: ['sub2', 'subid2', 'sub_id2', 'aff_sub2', 's2'],
  sub3: ['sub3', 'subid3', 'sub_id3', 'aff_sub3', 's3'],
} as const;

export type TrackingField = keyof typeof TRACKING_PARAMS;
export type Tracking = Partial<Record<TrackingField, string>>;
export const TRACKING_VALUE_MAX = 100;
const VALUE = /^[\w.\-~:@+]{1,100}$/;

/** Reads tracking values from a query string; the names found are returned for removal. */
export function readTracking(params: { get(name: string): string | null }): {
  tracking: Tracking;
  consumed: string[];
} {
  const tracking: Tracking = {};
  const consumed: string[] = [];
  for (const [field, names] of Object.entries(TRACKING_PARAMS) as [
    TrackingField,
    readonly string[],
  ][]) {
    for (const name of names) {
      const value = params.get(name);
      if (value === null) continue;
      consumed.push(name);
      if (!tracking[field] && VALUE.test(value)) tracking[field] = value;
    }
  }
  return { tracking, consumed };
}
