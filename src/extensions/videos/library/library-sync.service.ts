import { fromDbTime, toDbTime, toIsoNoZone } from '../../../platform/db/sql-helpers.js';
import { ConflictError, RestError } from '../../../platform/http/errors.js';
import type { ExtensionContext } from '../../define-extension.js';
import { type ConnectionService, QuotaMeter } from '../connection/connection.service.js';
import {
  claimSync,
  countLibrary,
  finishSync,
  type LibraryRow,
  libraryVideoIds,
  quotaUnits,
  readSyncState,
  recordSyncProgress,
  replaceLibrary,
} from './library.repository.js';
import {
  PlatformError,
  platformRestError,
  quotaDay,
  secondsUntilQuotaReset,
} from '../platform/platform-error.js';
import type { PlaylistVideo, VideoStats, YouTubeClient } from '../platform/youtube-client.js';
import type { SettingsStore } from '../settings/settings.store.js';
import type { VideosLog } from '../common/videos-log.js';

/** Progress callback of a sync: videos listed so far out of the playlist's total. */
export type SyncProgress = (done: number, total: number) => void;

/** What a finished sync reports. */
export interface SyncResult {
  success: true;
  message: string;
  video_count: number;
  added: number;
  removed: number;
  last_sync_time: number;
  quota_units: number;
  channel: { channel_id: string; title: string; thumbnails_default: string; thumbnails_medium: string };
}

const STALE_SYNC_MS = 10 * 60 * 1000;
/** YouTube's default daily quota per project; a sync that would pass it is refused before any call. */
export const DAILY_QUOTA_BUDGET = 10_000;
const STATS_IN_FLIGHT = 4;

/**
 * Full library sync: the whole uploads playlist paged (1 unit per 50), durations and views through videos.list
 * (1 unit per 50), replacing the local library in one transaction. One sync at a time across instances.
 */
export class LibrarySyncService {
  constructor(
    private readonly ctx: ExtensionContext,
    private readonly settings: SettingsStore,
    private readonly connection: ConnectionService,
    private readonly log: VideosLog,
  ) {}

  /** Runs a sync now; a concurrent call gets 409 `videos_sync_running`. */
  async sync(onProgress?: SyncProgress): Promise<SyncResult> {
    const now = () => toDbTime(this.ctx.clock.now());
    const claimed = await claimSync(this.ctx.db, {
      now: now(),
      staleBefore: toDbTime(new Date(this.ctx.clock.now().getTime() - STALE_SYNC_MS)),
    });
    if (!claimed) throw new ConflictError('videos_sync_running', 'A library sync is already running.');
    const meter = new QuotaMeter();
    const day = quotaDay(this.ctx.clock.now());
    const [state, usedToday] = await Promise.all([readSyncState(this.ctx.db), quotaUnits(this.ctx.db, day)]);
    if (usedToday + Math.max(1, state.units_last_run) > DAILY_QUOTA_BUDGET) {
      const refusal = platformRestError(
        new PlatformError(
          'quota',
          `Today's quota budget (${DAILY_QUOTA_BUDGET} units) would be exceeded.`,
          'localBudget',
          secondsUntilQuotaReset(this.ctx.clock.now()),
        ),
        'stored',
      );
      await finishSync(this.ctx.db, {
        ok: false,
        now: now(),
        code: refusal.code,
        message: refusal.message,
        units: 0,
      });
      throw refusal;
    }
    try {
      const result = await this.run(meter, onProgress);
      await finishSync(this.ctx.db, {
        ok: true,
        now: now(),
        videoCount: result.video_count,
        units: meter.units,
      });
      await this.ctx.events.emit('videos.library_synced', {
        video_count: result.video_count,
        quota_units: meter.units,
      });
      return { ...result, quota_units: meter.units };
    } catch (error) {
      const mapped =
        error instanceof PlatformError
          ? await this.connection.failure(error, 'stored', 'Sync failed')
          : error;
      if (error instanceof PlatformError && error.kind === 'credentials')
        await this.connection.dropAccessToken();
      if (error instanceof PlatformError && (error.kind === 'credentials' || error.kind === 'not_found'))
        await this.settings.save({ connection_status: 'failed' });
      if (!(error instanceof PlatformError)) await this.log.error(`Sync failed: ${(error as Error).message}`);
      const code = mapped instanceof RestError ? mapped.code : 'videos_sync_failed';
      await finishSync(this.ctx.db, {
        ok: false,
        now: now(),
        code,
        message: (mapped as Error).message,
        units: meter.units,
      });
      throw mapped;
    } finally {
      await this.connection.recordQuota(meter);
    }
  }

  /** Current sync state, last success, last error, library size and today's quota use (never calls the platform). */
  async status() {
    const [state, size, units, loaded] = await Promise.all([
      readSyncState(this.ctx.db),
      countLibrary(this.ctx.db),
      quotaUnits(this.ctx.db, quotaDay(this.ctx.clock.now())),
      this.settings.load(),
    ]);
    return {
      status: state.status,
      last_sync_time: state.last_success_at
        ? Math.floor(fromDbTime(state.last_success_at).getTime() / 1000)
        : 0,
      last_success_at: toIsoNoZone(state.last_success_at),
      started_at: toIsoNoZone(state.started_at),
      last_error: state.last_error_code
        ? { code: state.last_error_code, message: state.last_error ?? '' }
        : null,
      progress: { done: state.progress_done, total: state.progress_total },
      library_size: size,
      quota_used_today: units,
      quota_units_last_run: state.units_last_run,
      channel_name: loaded.settings.channel_name,
      connection_status: loaded.settings.connection_status,
    };
  }

  private async run(meter: QuotaMeter, onProgress?: SyncProgress): Promise<Omit<SyncResult, 'quota_units'>> {
    const loaded = await this.settings.load();
    const session = await this.connection.session(loaded);
    const youtube = this.connection.youtube(meter);
    const channel = await youtube.channel({
      credentials: session.credentials,
      channelId: session.channelId,
      withUploads: true,
    });
    if (!channel.uploads_playlist_id)
      throw new PlatformError('not_found', 'The channel has no uploads playlist.', 'noUploadsPlaylist');
    const { videos, stats } = await this.fetchUploads(
      youtube,
      session.credentials,
      channel.uploads_playlist_id,
      onProgress,
    );
    const syncedAt = toDbTime(this.ctx.clock.now());
    const rows: LibraryRow[] = [];
    const seen = new Set<string>();
    for (const video of videos) {
      const detail = stats.get(video.id);
      // Private or deleted uploads are listed by the playlist but not returned by videos.list: leave them out.
      if (!detail || seen.has(video.id)) continue;
      seen.add(video.id);
      const published = new Date(video.published_at);
      rows.push({
        video_id: video.id,
        title: video.title,
        title_sort: video.title.toLowerCase(),
        description: video.description,
        thumbnail_url: video.thumbnail_url || `https://i.ytimg.com/vi/${video.id}/hqdefault.jpg`,
        published_at: toDbTime(Number.isNaN(published.getTime()) ? this.ctx.clock.now() : published),
        duration: detail.duration,
        duration_seconds: detail.duration_seconds,
        view_count: detail.view_count,
        position: rows.length,
        synced_at: syncedAt,
      });
    }
    const before = new Set(await libraryVideoIds(this.ctx.db));
    const lastSync = Math.floor(this.ctx.clock.now().getTime() / 1000);
    await this.ctx.db.transaction().execute(async (trx) => {
      await replaceLibrary(trx, rows);
      await this.settings.save(
        {
          channel_id: channel.channel_id,
          channel_name: channel.title,
          thumbnails_default: channel.thumbnails.default,
          thumbnails_medium: channel.thumbnails.medium,
          connection_status: 'connected',
          last_sync_time: lastSync,
        },
        {},
        trx,
      );
    });
    await this.log.debug('Library synced', { videos: rows.length, units: meter.units });
    return {
      success: true,
      message: 'Library synced successfully.',
      video_count: rows.length,
      added: rows.filter((r) => !before.has(r.video_id)).length,
      removed: [...before].filter((id) => !seen.has(id)).length,
      last_sync_time: lastSync,
      channel: {
        channel_id: channel.channel_id,
        title: channel.title,
        thumbnails_default: channel.thumbnails.default,
        thumbnails_medium: channel.thumbnails.medium,
      },
    };
  }

  /** Pages the uploads playlist while fetching each page's stats (a few videos.list calls in flight). */
  private async fetchUploads(
    youtube: YouTubeClient,
    credentials: Parameters<YouTubeClient['videoStats']>[0]['credentials'],
    playlistId: string,
    onProgress?: SyncProgress,
  ): Promise<{ videos: PlaylistVideo[]; stats: Map<string, VideoStats> }> {
    const videos: PlaylistVideo[] = [];
    const stats = new Map<string, VideoStats>();
    const inFlight: Array<Promise<void>> = [];
    let failure: unknown = null;
    let pageToken: string | null = null;
    let pages = 0;
    do {
      const page = await youtube.playlistPage({ credentials, playlistId, pageToken });
      videos.push(...page.videos);
      pageToken = page.nextPageToken;
      const task = youtube
        .videoStats({ credentials, ids: page.videos.map((v) => v.id) })
        .then((found) => {
          for (const [id, s] of found) stats.set(id, s);
        })
        .catch((error) => {
          failure ??= error;
        });
      inFlight.push(task);
      if (inFlight.length >= STATS_IN_FLIGHT) await inFlight.shift();
      if (failure) break;
      if (++pages % 5 === 0 || !pageToken) await recordSyncProgress(this.ctx.db, videos.length, page.total);
      onProgress?.(videos.length, page.total);
    } while (pageToken);
    await Promise.all(inFlight);
    if (failure) throw failure;
    return { videos, stats };
  }
}
