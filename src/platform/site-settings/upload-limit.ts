import type { OptionsStore } from '../options/options.js';

/** WordPress's option for the largest upload, in kilobytes (`fileupload_maxk`, "Max upload file size"). */
export const UPLOAD_LIMIT_OPTION = 'fileupload_maxk';
/** The limit until one is set: 8 MB. */
export const DEFAULT_UPLOAD_LIMIT_KB = 8192;
/** The highest limit the setting takes (64 MB): upload routes accept bodies up to this size at most. */
export const MAX_UPLOAD_LIMIT_KB = 65536;

/** The largest upload the site accepts now, in kilobytes. */
export async function uploadLimitKb(options: OptionsStore): Promise<number> {
  const value = await options.get<unknown>(UPLOAD_LIMIT_OPTION, DEFAULT_UPLOAD_LIMIT_KB);
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_UPLOAD_LIMIT_KB
    ? value
    : DEFAULT_UPLOAD_LIMIT_KB;
}
