// The user's own slates and the uploads of the builder (docs/api.md "Your own slates",
// "Projections by name").
import type {
  BuildMessageInput, ContestType, EntriesFileReply, LateSwapEntriesReply, ProjectionsMatchReply, Site, Sport, SuccessReply, UserSlateSummary,
} from '@stacksmith/domain';
import { BRAND, request, type SlateRef } from './client';

const seg = (value: string | number) => encodeURIComponent(String(value));

export interface SalaryFileUpload {
  sport: Sport;
  site: Site;
  season: number;
  counter: string;
  contestType?: ContestType;
  name?: string;
  fileName: string;
  csv: string;
}

export const userSlatesApi = {
  list: (sport: Sport, site: Site) => request<{ slates: UserSlateSummary[] }>('GET', `/user-slates?sport=${sport}&site=${site}`).then((a) => a.slates),
  upload: (body: SalaryFileUpload) => request<{ slate: UserSlateSummary }>('POST', '/user-slates', { body }).then((a) => a.slate),
  remove: (id: number) => request<SuccessReply>('DELETE', `/user-slates/${id}`),
  projectionsByName: (r: SlateRef, fileName: string, csv: string) =>
    request<ProjectionsMatchReply>('POST', `/${r.sport}/projections-upload/${BRAND}/${r.site}/${r.contestType}/${seg(r.slate)}/${r.season}/${seg(r.counter)}`, { body: { fileName, csv } }),
};

export const lateSwapApi = {
  /** The build message of the builder as it stands, with the entries file. */
  entries: (message: BuildMessageInput, fileName: string, csv: string) =>
    request<LateSwapEntriesReply>('POST', '/late-swap-entries', { body: { ...message, fileName, csv } }),
};

export const entriesFileApi = {
  /** Reads the entries file and fills its empty entries: contest i from lineup starts[i] (default: in order). */
  fill: (r: Pick<SlateRef, 'sport' | 'site' | 'contestType'>, fileName: string, csv: string, lineups: string[][], starts?: number[]) =>
    request<EntriesFileReply>('POST', '/entries-file', { body: { sport: r.sport, site: r.site, contestType: r.contestType, fileName, csv, lineups, ...(starts ? { starts } : {}) } }),
};
