import { and, eq } from 'drizzle-orm';
import { STATION_STATUS, STATION_TYPE } from '../../../shared/codes';
import { defaultRecordSetting, type StationType } from '../../../shared/resources/station.resource';
import type { Db } from '../../db/client';
import { stationRecordSettings, stations } from '../../db/schema';
import { ApiError } from '../../http/errors';

/** What a station of a type records (WMS Basic › Station Management › Record Settings of its type). */
export interface StationAsks {
  station: typeof stations.$inferSelect;
  weight: boolean;
  innerPackaging: boolean;
  outerPackaging: boolean;
}

/**
 * An enabled station of `type` of the warehouse in use, with what its type's record settings ask;
 * anything else is refused with `retcode` (the step's "station unusable"), naming the station.
 */
export async function usableStation(tx: Db, whsId: string, stationId: string, type: StationType, retcode: number): Promise<StationAsks> {
  const [station] = await tx.select().from(stations).where(and(eq(stations.whsId, whsId), eq(stations.stationId, stationId)));
  const unusable = (message: string) => new ApiError(retcode, message, { station_id: stationId });
  const typeName = (t: number) => (STATION_TYPE.label(t)?.message ?? '').toLowerCase();
  if (!station) throw unusable(`Station ${stationId} is not a station of warehouse ${whsId}.`);
  if (station.stationType !== type) throw unusable(`Station ${stationId} is a ${typeName(station.stationType)} station: scan a ${typeName(type)} station.`);
  if (station.status !== STATION_STATUS.values.ENABLED) throw unusable(`Station ${stationId} is disabled.`);
  const [saved] = await tx.select().from(stationRecordSettings).where(and(eq(stationRecordSettings.whsId, whsId), eq(stationRecordSettings.stationType, type)));
  const fallback = defaultRecordSetting(type);
  return {
    station,
    weight: (saved?.recordWeight ?? fallback.record_weight) === 1,
    innerPackaging: (saved?.scanInnerPackaging ?? fallback.scan_inner_packaging) === 1,
    outerPackaging: (saved?.scanOuterPackaging ?? fallback.scan_outer_packaging) === 1,
  };
}
