/** One entry of a room's event log: numbered from 1 without gaps, with the time it happened. */
export interface StoredEvent<Data = unknown> {
  seq: number;
  at: number;
  type: string;
  data: Data;
}
